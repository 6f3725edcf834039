import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import SQLKit
@testable import SproutServer
import SproutTestSupport
import Testing
import Vapor

/// The counting triggers a database holds are the tables the read caches declare, on both
/// databases; a trigger dropped, a table declared but not counted, or a group counted that no
/// cache declares is found, and an instance refuses to start on such a database.
@Suite struct ReadTriggerCheckTests {
    @Test func everyDeclaredGroupIsCountedExactlyOnAFreshDatabase() async throws {
        try await withSprout { sprout in
            let declared = sprout.platform.readVersions.declared
            let found = try await ReadTriggerCheck.differences(declared, on: sprout.app.db)
            #expect(found.isEmpty, "\(found)")
            #expect(Set(declared.all.keys) == ["conversations", "credentials", "lessons", "market", "reading", "study"])
        }
    }

    @Test func aDroppedTriggerIsFound() async throws {
        try await withSprout { sprout in
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            if sql.dialect.name == "postgresql" {
                try await sql.raw("DROP TRIGGER market_products_market_read_version_write ON market_products").run()
                try await sql.raw("DROP TRIGGER reading_books_reading_account_read_version_write ON reading_books").run()
            } else {
                try await sql.raw("DROP TRIGGER market_products_market_read_version_update").run()
                try await sql.raw("DROP TRIGGER reading_books_reading_account_read_version_insert").run()
                try await sql.raw("DROP TRIGGER reading_books_reading_account_read_version_update").run()
                try await sql.raw("DROP TRIGGER reading_books_reading_account_read_version_delete").run()
            }
            let found = try await ReadTriggerCheck.differences(sprout.platform.readVersions.declared, on: sprout.app.db)
            let products = sql.dialect.name == "postgresql"
                ? "market reads market_products, and no trigger counts its writes"
                : "market reads market_products, and only its delete, insert are counted"
            #expect(found == [products, "reading reads reading_books, and no trigger counts its writes"])
        }
    }

    @Test func aTableDeclaredButNotCountedAndAGroupNobodyDeclaresAreFound() async throws {
        try await withSprout { sprout in
            let declared = DeclaredReadGroups()
            for (name, groups) in sprout.platform.readVersions.declared.all where name != "study" {
                for group in groups { declared.declare(group) }
            }
            declared.declare(ReadGroup("market", tables: ["market_products", "market_product_images", "market_vendors", "market_likes"]))
            let mixed = try await ReadTriggerCheck.differences(declared, on: sprout.app.db)
            #expect(mixed == [
                "market is declared with different tables: market_product_images, market_products, market_vendors"
                    + " / market_likes, market_product_images, market_products, market_vendors",
                "triggers count study, which no cache declares",
            ])

            let alone = DeclaredReadGroups()
            alone.declare(ReadGroup("market", tables: ["market_products", "market_likes"]))
            alone.declare(ReadGroup("conversations", .perAccountByWriters, tables: ["conversation_messages"]))
            alone.declare(ReadGroup("credentials", .perAccount, tables: ["accounts", "api_keys"]))
            let found = try await ReadTriggerCheck.differences(alone, on: sprout.app.db)
            #expect(found.contains("market reads market_likes, and no trigger counts its writes"))
            #expect(found.contains("market counts writes to market_product_images, which it does not declare"))
            #expect(found.contains("market counts writes to market_vendors, which it does not declare"))
            #expect(found.contains("credentials on accounts is counted once for everyone as well"))
            #expect(found.contains("credentials reads accounts, and no trigger counts its writes"))
            #expect(!found.contains { $0.hasPrefix("conversations") }, "counted by its writers, with no trigger of its own")
        }
    }

    @Test func anInstanceRefusesToStartOnADatabaseMissingATrigger() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-triggers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = SproutConfig(dataDirectory: folder, logLevel: .critical, passwordCost: 4, loadsDemoData: false)
        let first = try await Application.make(.testing)
        _ = try await SproutApplication.configure(first, config: config)
        try await (first.db as? any SQLDatabase)?.raw("DROP TRIGGER lessons_comments_lessons_read_version_delete").run()
        try await first.asyncShutdown()

        let second = try await Application.make(.testing)
        let refused = await #expect(throws: (any Error).self) { try await SproutApplication.configure(second, config: config) }
        #expect(refused.map(SproutApplication.describeStartupError)
            == "Checking what the read caches count failed: the read caches' counting triggers differ from the tables they read"
            + " (a migration must install them): lessons reads lessons_comments, and only its insert, update are counted")
        try await second.asyncShutdown()
    }

    @Test func triggerNamesAreReadIntoTheirGroupAndWrite() {
        #expect(ReadTriggerCheck.parse("market_products_market_read_version_insert", on: "market_products")! == ("market", false, "insert"))
        #expect(ReadTriggerCheck.parse("reading_books_reading_account_read_version_delete", on: "reading_books")! == ("reading", true, "delete"))
        #expect(ReadTriggerCheck.parse("market_products_fts_update", on: "market_products") == nil)
        #expect(ReadTriggerCheck.parse("market_products_market_read_version_truncate", on: "market_products") == nil)
        #expect(ReadTriggerCheck.parse("other_market_read_version_insert", on: "market_products") == nil)
    }
}
