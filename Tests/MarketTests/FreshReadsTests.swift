import FluentSQL
import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Synchronization
import Testing

/// The market's pages and details come from an `AnswerCache` keyed by the `market` read version,
/// which the database bumps with every write to products, their images and vendors.
@Suite struct FreshReadsTests {
    final class Builds: Sendable {
        private let count = Mutex(0)
        func next() -> Data { Data("answer \(count.withLock { $0 += 1; return $0 })".utf8) }
        var total: Int { count.withLock { $0 } }
    }

    func read(_ key: String, from cache: AnswerCache<String>, _ sprout: TestSprout, builds: Builds) async throws -> String {
        String(decoding: try await cache.answer(key, for: sprout.request()) { builds.next() }.bytes, as: UTF8.self)
    }

    @Test func anAnswerIsBuiltAgainOnlyAfterAWriteToATableItReads() async throws {
        try await withSprout { sprout in
            let cache = AnswerCache<String>(ReadGroup("market", tables: ["market_products"]), versions: sprout.platform.readVersions)
            let builds = Builds()
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            let read = { try await self.read("page", from: cache, sprout, builds: builds) }
            #expect(try await read() == "answer 1")
            #expect(try await read() == "answer 1", "served from the cache")

            let vendor = try await sprout.makeVendor()
            #expect(try await read() == "answer 2", "a new vendor")
            let product = try await sprout.registerProduct(by: vendor)
            #expect(try await read() == "answer 3", "a new product and its images")
            try await sql.raw("UPDATE market_product_images SET position = position WHERE product_id = \(bind: product.id)").run()
            #expect(try await read() == "answer 4", "any write to an image, even one that changes nothing")

            try await sql.raw("INSERT INTO market_likes (account_id, product_id, liked_at) SELECT id, \(bind: product.id), CURRENT_TIMESTAMP FROM accounts LIMIT 1").run()
            #expect(try await read() == "answer 4", "likes are not part of what the contract's reads show")
            #expect(builds.total == 4)
        }
    }

    @Test func answersOverTheSizeBoundAreDropped() async throws {
        try await withSprout { (sprout) async throws in
            let cache = AnswerCache<String>(ReadGroup("market", tables: ["market_products"]), versions: sprout.platform.readVersions, maxBytes: 12)
            let builds = Builds()
            let read = { (key: String) in try await self.read(key, from: cache, sprout, builds: builds) }
            #expect(try await read("a") == "answer 1")
            #expect(try await read("a") == "answer 1")
            #expect(try await read("b") == "answer 2", "a and b do not fit together: b replaces a")
            #expect(try await read("a") == "answer 3")
        }
    }

    /// Without a counter that writes bump, nothing could tell a kept answer is stale: none is kept.
    @Test func aGroupNoMigrationRegisteredIsNeverKept() async throws {
        try await withSprout { (sprout) async throws in
            let cache = AnswerCache<String>(ReadGroup("no-such-group", tables: []), versions: sprout.platform.readVersions)
            let builds = Builds()
            #expect(try await read("k", from: cache, sprout, builds: builds) == "answer 1")
            #expect(try await read("k", from: cache, sprout, builds: builds) == "answer 2")
        }
    }

    /// A write made outside the API (another instance, a command, an operator's SQL) is seen too.
    @Test func theContractsReadsSeeEveryWriteWhoeverMadeIt() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor)
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            let page = { try await sprout.send(.GET, "api/products?page_no=1&items_per_page=20").decode(Market.Page.self).pages.first }
            let detail = { try await sprout.send(.GET, "api/products/\(product.id)").decode(Market.ProductDetail.self) }
            #expect(try await page()?.name == "Oak chair")
            #expect(try await detail().name == "Oak chair")

            try await sql.raw("UPDATE market_products SET name = 'Renamed in SQL' WHERE id = \(bind: product.id)").run()
            #expect(try await page()?.name == "Renamed in SQL")
            #expect(try await detail().name == "Renamed in SQL")

            try await sql.raw("UPDATE market_vendors SET name = 'renamed77'").run()
            #expect(try await page()?.vendorName == "renamed77")
            #expect(try await detail().vendors.name == "renamed77")

            try await sql.raw("DELETE FROM market_product_images WHERE product_id = \(bind: product.id)").run()
            #expect(try await detail().images.isEmpty)
            #expect(try await page()?.thumbnail == "")

            try await sql.raw("DELETE FROM market_products WHERE id = \(bind: product.id)").run()
            #expect(try await page() == nil)
            #expect(try await sprout.send(.GET, "api/products/\(product.id)").status.code == 404)
        }
    }
}
