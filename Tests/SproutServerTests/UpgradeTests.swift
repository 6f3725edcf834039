import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit
import SproutTestSupport
import Testing
import Vapor

/// A database an older released Sprout made and filled (`Tests/Fixtures/upgrade`: commit 576ff61,
/// the demo data and a row in every table) migrates up to today and ends with the schema, the
/// counting triggers and the migrations a fresh database has, its rows kept, on both databases.
@Suite struct UpgradeTests {
    static let released = "576ff61"
    /// The tables made after the release, empty in the upgraded database as in a fresh one.
    static let addedSince: Set = ["console_audit", "console_case_closures", "console_operators"]
    /// Rows that services started with Sprout remove whenever they come round, so a table may be
    /// empty or not when it is counted: the fixture's lesson upload belongs to no post and is weeks
    /// old (`PostUploadSweeper`), and its queued push is delivered and deleted (`PushOutbox`).
    static let sweptByServices: Set = ["lessons_uploads", "push_outbox"]

    @Test func anOlderReleasesDatabaseBecomesTodaysWithItsRows() async throws {
        let fresh = try await withSprout { sprout in try await Self.schema(of: sprout.app.db) }
        let older = try await OlderDatabase.restore(Self.released)
        do {
            let before = try await withSprout(configure: { $0.storage = older.storage }) { sprout in
                let sql = try #require(sprout.app.db as? any SQLDatabase)
                let upgraded = try await Self.schema(of: sprout.app.db)
                #expect(upgraded.difference(from: fresh).isEmpty, "\(upgraded.difference(from: fresh))")
                var empty: [String] = []
                for table in try await Self.tables(of: sql) {
                    if try await Self.count(table, in: sql) == 0 { empty.append(table) }
                }
                #expect(Set(empty).subtracting(Self.sweptByServices) == Self.addedSince, "the release's tables keep their rows")
                #expect(try await ReadTriggerCheck.differences(sprout.platform.readVersions.declared, on: sprout.app.db).isEmpty)
                return try await Self.answers(sprout)
            }
            let uncached = try await withSprout(configure: { $0.storage = older.storage; $0.cachesReads = false }) { sprout in try await Self.answers(sprout) }
            #expect(before == uncached, "the upgraded database's answers are the same read afresh")
        } catch {
            try? await older.remove()
            throw error
        }
        try await older.remove()
    }

    /// What a few hot reads answer, twice each (the second from the cache when caches are on).
    static func answers(_ sprout: TestSprout) async throws -> [String] {
        var answers: [String] = []
        for path in ["api/products?page_no=1&items_per_page=20", "api/products/1"] {
            for _ in 0..<2 {
                let response = try await sprout.send(.GET, path)
                answers.append("\(path) \(response.status.code) \(response.body.string)")
            }
        }
        return answers
    }

    static func tables(of sql: any SQLDatabase) async throws -> [String] {
        let query: SQLQueryString = sql.dialect.name == "postgresql"
            ? "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
            : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%_rtree_%' ORDER BY 1"
        return try await sql.raw(query).all(decoding: Named.self).map(\.name)
    }

    static func count(_ table: String, in sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS count FROM \(ident: table)").first(decoding: Counted.self)?.count ?? 0
    }

    /// Every table, column, index, constraint, trigger and function, and every migration run, as
    /// text to compare line by line.
    static func schema(of db: any Database) async throws -> [String] {
        let sql = try #require(db as? any SQLDatabase)
        let queries: [SQLQueryString] = sql.dialect.name == "postgresql" ? [
            """
            SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || COALESCE(column_default, '') AS line
            FROM information_schema.columns WHERE table_schema = current_schema()
            """,
            "SELECT 'index ' || indexname || ': ' || indexdef AS line FROM pg_indexes WHERE schemaname = current_schema()",
            """
            SELECT 'constraint ' || c.conrelid::regclass::text || ' ' || c.conname || ': ' || pg_get_constraintdef(c.oid) AS line
            FROM pg_constraint c WHERE c.connamespace = current_schema()::regnamespace
            """,
            "SELECT 'trigger ' || t.tgname || ': ' || pg_get_triggerdef(t.oid) AS line FROM pg_trigger t WHERE NOT t.tgisinternal",
            "SELECT 'function ' || p.proname || ': ' || p.prosrc AS line FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace",
            "SELECT 'counter ' || name AS line FROM read_versions",
            "SELECT 'migration ' || name AS line FROM _fluent_migrations",
        ] : [
            "SELECT type || ' ' || name || ' on ' || tbl_name || ': ' || COALESCE(sql, '') AS line FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'",
            "SELECT 'counter ' || name AS line FROM read_versions",
            "SELECT 'migration ' || name AS line FROM _fluent_migrations",
        ]
        var lines: [String] = []
        for query in queries { lines += try await sql.raw(query).all(decoding: Line.self).map(\.line) }
        return lines.sorted()
    }

    struct Line: Decodable { let line: String }
    struct Named: Decodable { let name: String }
    struct Counted: Decodable { let count: Int }
}
