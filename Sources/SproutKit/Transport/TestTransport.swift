import Foundation
import Synchronization

/// A transport that answers from a closure and remembers every request, for tests of code built
/// on the SDK. Also usable as a decorator around a real transport, to count what goes out.
public final class TestTransport: Transport {
    private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse
    private let log = Mutex<[HTTPRequest]>([])

    public init(handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    /// Passes every request on to `transport`, recording it.
    public convenience init(recording transport: any Transport) {
        self.init { try await transport.send($0) }
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] { log.withLock { $0 } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request) }
        return try await handler(request)
    }
}
