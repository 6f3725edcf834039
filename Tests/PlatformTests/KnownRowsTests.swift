import FluentSQL
import Foundation
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Testing

/// Rows found are kept until a write to their table, so a deleted key or account is refused by
/// the very next check; a row not found is always asked again.
@Suite struct KnownRowsTests {
    @Test func aKeptRowIsForgottenByTheNextWrite() async throws {
        try await withSprout { sprout in
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            let registry = sprout.platform.apiKeys
            let key = try await registry.create(name: "kept", on: sprout.app.db)
            #expect(try await registry.isValid(key, for: sprout.request()))
            #expect(try await registry.isValid(key, for: sprout.request()), "now from the kept rows")

            try await sql.raw("DELETE FROM api_keys WHERE name = 'kept'").run()
            #expect(try await registry.isValid(key, for: sprout.request()) == false)

            let accounts = sprout.platform.accounts
            let account = try await accounts.register(email: "kept@sprout.test", password: "pw", displayName: "Kept", on: sprout.app.db)
            let id = try account.requireID()
            #expect(try await accounts.exists(id, for: sprout.request()))
            #expect(try await accounts.exists(id, for: sprout.request()))
            try await accounts.withdraw(id, on: sprout.app.db)
            #expect(try await accounts.exists(id, for: sprout.request()) == false)
        }
    }

    @Test func aMissingRowIsAskedAgainAndTheKeptOnesAreBounded() async throws {
        try await withSprout { sprout in
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            let rows = KnownRows(table: "read_versions", column: "name", group: ReadGroup("credentials", tables: ["accounts", "api_keys"]), versions: sprout.platform.readVersions, capacity: 1)
            #expect(try await rows.exists("later", for: sprout.request()) == false)
            // Written to another table than the group covers, so the counter stays: only asking
            // again can find it.
            try await sql.raw("INSERT INTO read_versions (name, version) VALUES ('later', 0)").run()
            #expect(try await rows.exists("later", for: sprout.request()))
            #expect(try await rows.exists("market", for: sprout.request()), "past the capacity, still answered from the table")
            try await sql.raw("DELETE FROM read_versions WHERE name = 'market'").run()
            #expect(try await rows.exists("market", for: sprout.request()) == false, "never kept: the one place was taken")
            #expect(try await rows.exists("later", for: sprout.request()))
        }
    }
}
