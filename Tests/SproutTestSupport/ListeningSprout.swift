import Foundation
import Testing
import Vapor

/// A `TestSprout` listening on a free loopback port, for the SDK over real sockets; the server
/// stops listening before the app is torn down, whether the test passed or threw.
public func withListeningSprout<T>(_ test: (TestSprout, URL) async throws -> T) async throws -> T {
    try await withSprout(ownThreads: true) { sprout in
        try await sprout.app.server.start(address: .hostname("127.0.0.1", port: 0))
        let result: Result<T, any Error>
        do {
            let port = try #require(sprout.app.http.server.shared.localAddress?.port)
            result = .success(try await test(sprout, try #require(URL(string: "http://127.0.0.1:\(port)"))))
        } catch {
            result = .failure(error)
        }
        await sprout.app.server.shutdown()
        return try result.get()
    }
}
