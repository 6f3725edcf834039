import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit
import SproutTestSupport
import Testing

/// On SQLite an id, once handed out, never comes back, also for tables created before Sprout
/// rebuilt them with AUTOINCREMENT.
@Suite struct SQLiteIDsTests {
    @Test func anExistingTableIsRebuiltWithItsRowsIndexesAndReferences() async throws {
        try await withSprout { sprout in
            guard let sql = sprout.app.db as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
            for statement in [
                #"CREATE TABLE "parents" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, CONSTRAINT "uq:parents.name" UNIQUE ("name"))"#,
                #"CREATE INDEX "parents_by_name" ON "parents" ("name")"#,
                #"CREATE TABLE "children" ("id" INTEGER PRIMARY KEY, "parent_id" INTEGER NOT NULL REFERENCES "parents" ("id") ON DELETE CASCADE)"#,
                #"INSERT INTO "parents" ("id", "name") VALUES (1, 'a'), (2, 'b'), (3, 'c')"#,
                #"INSERT INTO "children" ("id", "parent_id") VALUES (1, 3)"#,
                #"DELETE FROM "parents" WHERE "id" = 2"#,
            ] {
                try await sql.raw("\(unsafeRaw: statement)").run()
            }
            try await DatabaseSetup.neverReuseIDs(on: sprout.app.db)

            let schema = try await sql.raw("SELECT sql FROM sqlite_master WHERE name = 'parents'").first()?.decode(column: "sql", as: String.self) ?? ""
            #expect(schema.contains("AUTOINCREMENT"))
            #expect(try await count(sql, "SELECT COUNT(*) AS n FROM children") == 1, "dropping the old table cascaded nothing")
            #expect(try await count(sql, "SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'parents_by_name'") == 1, "its index is back")
            try await sql.raw(#"DELETE FROM "parents" WHERE "id" = 3"#).run()
            #expect(try await count(sql, "SELECT COUNT(*) AS n FROM children") == 0, "references work again")
            try await sql.raw(#"INSERT INTO "parents" ("name") VALUES ('d')"#).run()
            #expect(try await count(sql, #"SELECT "id" AS n FROM "parents" WHERE "name" = 'd'"#) == 4, "3 was used once and never again")
        }
    }

    @Test func everyTableSproutCreatesNeverReusesIDs() async throws {
        try await withSprout { sprout in
            guard let sql = sprout.app.db as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
            struct Entry: Decodable { let name: String; let sql: String }
            // A virtual table's shadow tables (the study queue's R*Tree) are SQLite's own.
            let tables = try await sql.raw("""
                SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE '%INTEGER PRIMARY KEY%'
                  AND name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')
                """).all(decoding: Entry.self)
            #expect(!tables.isEmpty)
            for table in tables { #expect(table.sql.contains("AUTOINCREMENT"), "\(table.name)") }
        }
    }

    private func count(_ sql: any SQLDatabase, _ query: String) async throws -> Int {
        try await sql.raw("\(unsafeRaw: query)").first()?.decode(column: "n", as: Int.self) ?? -1
    }
}
