import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// Every API read carries an ETag of its bytes; `If-None-Match` with it is a 304 without a body,
/// and any change to what the read would answer changes the tag.
@Suite struct ConditionalGetTests {
    private func reader(_ sprout: TestSprout) async throws -> [String: String] {
        let joined = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "etag@sprout.test", password: "long-password", name: "Etag"))
        return ["Authorization": "Bearer \(try joined.decode(SproutAccount.Session.self).accessToken)"]
    }

    @Test func aRepeatedReadIsNotModifiedUntilTheDataChanges() async throws {
        try await withSprout { sprout in
            let headers = try await reader(sprout)
            let first = try await sprout.send(.GET, "api/reading/library", headers: headers)
            let tag = try #require(first.headers.first(name: .eTag))
            #expect(first.headers.first(name: .cacheControl) == "private, no-cache")

            for condition in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let again = try await sprout.send(.GET, "api/reading/library", headers: headers.merging(["If-None-Match": condition]) { $1 })
                #expect(again.status.code == 304, "\(condition)")
                #expect(again.body.readableBytes == 0)
                #expect(again.headers.first(name: .eTag) == tag)
            }
            #expect(try await sprout.send(.GET, "api/reading/library", headers: headers.merging(["If-None-Match": "\"stale\""]) { $1 }).status.code == 200)

            _ = try await sprout.send(.POST, "api/reading/library", headers: headers, json: Reading.NewBook(title: "New on the shelf"))
            let changed = try await sprout.send(.GET, "api/reading/library", headers: headers.merging(["If-None-Match": tag]) { $1 })
            #expect(changed.status.code == 200, "a write changes what the read answers, so the old tag no longer matches")
            #expect(changed.headers.first(name: .eTag) != tag)
            #expect(String(buffer: changed.body).contains("New on the shelf"))
        }
    }

    /// Answers kept in an `AnswerCache` carry the tag digested when they were built: the same tag
    /// the bytes would get from the middleware, and the same 304.
    @Test func aCachedReadIsTaggedByItsBytes() async throws {
        try await withSprout { sprout in
            for path in ["api/products?page_no=1&items_per_page=20", "api/products?page_no=1&items_per_page=20"] {
                let read = try await sprout.send(.GET, path)
                let digest = read.body.withUnsafeReadableBytes { SHA256.hash(data: $0) }
                let tag = "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
                #expect(read.status.code == 200 && read.headers.first(name: .eTag) == tag)
                #expect(read.headers.first(name: .cacheControl) == "private, no-cache")
                let again = try await sprout.send(.GET, path, headers: ["If-None-Match": tag])
                #expect(again.status.code == 304 && again.body.readableBytes == 0)
                #expect(again.headers.first(name: .eTag) == tag)
            }
        }
    }

    @Test func onlySuccessfulReadsAreTagged() async throws {
        try await withSprout { sprout in
            let headers = try await reader(sprout)
            let created = try await sprout.send(.POST, "api/reading/library", headers: headers, json: Reading.NewBook(title: "Posted"))
            #expect(created.status.code == 201 && created.headers.first(name: .eTag) == nil)
            let missing = try await sprout.send(.GET, "api/reading/library/0123456789abcdef01234567", headers: headers)
            #expect(missing.status.code == 404 && missing.headers.first(name: .eTag) == nil)
            let page = try await sprout.send(.GET, "/")
            #expect(page.headers.first(name: .eTag) == nil, "pages are no-store")
            #expect(page.headers.first(name: .cacheControl) == "no-store")
        }
    }
}
