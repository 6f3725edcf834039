import Foundation
import Platform
import SproutTestSupport
import Testing

@Suite struct UploadsRouteTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64))

    @Test func storedFilesAreServedWithTypeAndCachingHeaders() async throws {
        try await withSprout { sprout in
            let stored = try await sprout.platform.files.save([Self.png], area: "posts")
            let response = try await sprout.send(.GET, stored[0].path)
            #expect(response.status.code == 200)
            #expect(response.headers.first(name: .contentType) == "image/png")
            #expect(response.headers.first(name: .cacheControl)?.contains("immutable") == true)
            #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(Data(buffer: response.body) == Self.png)
            let etag = try #require(response.headers.first(name: .eTag))
            #expect(response.headers.first(name: .lastModified) != nil)
            let again = try await sprout.send(.GET, stored[0].path, headers: ["If-None-Match": etag])
            #expect(again.status.code == 304)
        }
    }

    @Test(arguments: [
        "uploads/../jwt-secret",
        "uploads/%2e%2e/jwt-secret",
        "uploads/posts/..%2F..%2Fjwt-secret",
        "uploads/%2Fetc%2Fpasswd",
        "uploads//etc/passwd",
        "uploads/posts/missing.png",
        "uploads/../../sprout.sqlite",
        "uploads/posts/%00.png",
    ])
    func pathTricksFindNothing(path: String) async throws {
        try await withSprout { sprout in
            _ = try await sprout.platform.files.save([Self.png], area: "posts")
            let response = try await sprout.send(.GET, path)
            #expect(response.status.code == 404 || response.status.code == 400, "\(path) → \(response.status.code)")
            #expect(!response.body.readableBytesView.starts(with: Array("sk_".utf8)))
        }
    }
}
