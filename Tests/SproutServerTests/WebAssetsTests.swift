import Foundation
import SproutTestSupport
import Testing

/// Each module's stylesheets and scripts are served under its own prefix, named by their content,
/// and a page links the platform's and its own app's only.
@Suite struct WebAssetsTests {
    static func linkedAssets(of page: String, in sprout: TestSprout) async throws -> [String] {
        let html = String(buffer: try await sprout.send(.GET, page).body)
        return html.matches(of: /(?:href|src)="(\/assets\/[^"]+)"/).map { String($0.output.1) }
    }

    @Test func aPageLinksThePlatformsBundleAndItsOwnAppsOnly() async throws {
        try await withSprout { sprout in
            for (page, modules) in [("/", ["platform"]), ("/login", ["platform"]), ("/market", ["platform", "market"]),
                                    ("/lessons", ["platform", "lessons"])] {
                let paths = try await Self.linkedAssets(of: page, in: sprout)
                #expect(Set(paths.map { String($0.split(separator: "/")[1]) }) == Set(modules), "\(page): \(paths)")
                #expect(paths.first?.hasPrefix("/assets/platform/") == true, "the shared bundle first")
            }
        }
    }

    @Test func everyModulesAssetsAreServedByContentHash() async throws {
        try await withSprout { sprout in
            var paths: [String] = []
            for page in ["/market", "/lessons"] { paths += try await Self.linkedAssets(of: page, in: sprout) }
            paths = Array(Set(paths))
            #expect(Set(paths.map { $0.split(separator: "/")[1] }) == ["platform", "lessons", "market"])
            for path in paths {
                #expect(path.wholeMatch(of: /\/assets\/[a-z]+\/[a-z-]+\.[0-9a-f]{16}\.(css|js)/) != nil, "\(path)")
                let response = try await sprout.send(.GET, path)
                #expect(response.status.code == 200, "\(path)")
                #expect(response.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
                let etag = try #require(response.headers.first(name: .eTag))
                let again = try await sprout.send(.GET, path, headers: ["If-None-Match": etag])
                #expect(again.status.code == 304)
            }
            let market = try #require(paths.first { $0.hasSuffix(".js") && $0.contains("/market/") })
            #expect(String(buffer: try await sprout.send(.GET, market).body).contains("product-list"), "the market's own script")
        }
    }

    @Test func anOldOrUnknownAssetIsNotFound() async throws {
        try await withSprout { sprout in
            for path in ["/assets/app.css", "/assets/market/market.0000000000000000.js", "/assets/lessons/../platform/app.css"] {
                let response = try await sprout.send(.GET, path)
                #expect(response.status.code == 404, "\(path)")
            }
        }
    }
}
