import FluentSQL
@testable import Platform
import SproutTestSupport
import Testing

/// On PostgreSQL, a group's counter is bumped once per transaction, at its commit, so no
/// transaction holds the counter's lock while it waits for another row.
@Suite struct PostgresReadVersionTests {
    private struct Version: Decodable { let version: Int64 }
    private struct Function: Decodable { let function: String }

    private func version(_ group: String, _ sql: any SQLDatabase) async throws -> Int64 {
        try #require(try await sql.raw("SELECT version FROM read_versions WHERE name = \(bind: group)").first(decoding: Version.self)).version
    }

    @Test func aTransactionBumpsItsGroupOnceWhenItCommits() async throws {
        try await withSprout { sprout in
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            guard sql.dialect.name == "postgresql" else { return }
            let before = try await version("credentials", sql)
            try await sprout.app.db.transaction { tx in
                let inside = try #require(tx as? any SQLDatabase)
                for name in ["one", "two", "three"] {
                    try await inside.raw("INSERT INTO api_keys (key_hash, name, prefix, created_at) VALUES (\(bind: name), \(bind: name), 'sk_', now())").run()
                }
                #expect(try await version("credentials", inside) == before, "not bumped before the commit, so its lock is not held yet")
            }
            #expect(try await version("credentials", sql) == before + 1)
        }
    }

    @Test func triggersBumpingAtEachStatementAreTurnedIntoCommitTimeOnes() async throws {
        try await withSprout { sprout in
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            guard sql.dialect.name == "postgresql" else { return }
            try await sql.raw("DROP TRIGGER api_keys_credentials_read_version_write ON api_keys").run()
            try await sql.raw("""
                CREATE TRIGGER api_keys_credentials_read_version_write AFTER INSERT OR UPDATE OR DELETE ON api_keys
                FOR EACH STATEMENT EXECUTE FUNCTION sprout_bump_read_version('credentials')
                """).run()
            try await BumpReadVersionsAtCommit().prepare(on: sprout.app.db)
            let functions = try await sql.raw("""
                SELECT p.proname AS function FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
                WHERE t.tgname = 'api_keys_credentials_read_version_write'
                """).all(decoding: Function.self)
            #expect(functions.map(\.function) == [BumpReadVersionsAtCommit.function])
            let before = try await version("credentials", sql)
            _ = try await sprout.platform.apiKeys.create(name: "after", on: sprout.app.db)
            #expect(try await version("credentials", sql) == before + 1)
        }
    }
}
