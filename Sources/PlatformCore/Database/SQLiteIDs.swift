import Fluent
import SQLKit

/// SQLite gives a table whose `INTEGER PRIMARY KEY` lacks `AUTOINCREMENT` the largest id plus one,
/// so deleting the newest row hands its id to the next one: an old link, or a like the market
/// app keeps on the device by product id, would then land on a different row. Fluent's SQLite
/// dialect never writes `AUTOINCREMENT`, so once migrations have run Sprout rebuilds each such
/// table with it, as SQLite documents for schema changes ALTER TABLE cannot make: every row,
/// index and trigger kept. PostgreSQL's sequences never go back and need nothing.
enum SQLiteIDs {
    private struct SchemaEntry: Decodable {
        let name: String
        let sql: String
    }

    private struct SchemaName: Decodable {
        let name: String
    }

    static let rebuildSuffix = "__sprout_rebuild"

    static func neverReuse(on db: any Database) async throws {
        guard let sql = db as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        let tables = try await sql.raw("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL").all(decoding: SchemaEntry.self)
        // A virtual table's shadow tables (an R*Tree's `_node`, `_rowid`, `_parent`) belong to it.
        let shadows = Set(try await sql.raw("SELECT name FROM pragma_table_list WHERE type = 'shadow'").all(decoding: SchemaName.self).map(\.name))
        let stale = tables.filter { isStale($0.sql) && !shadows.contains($0.name) }
        guard !stale.isEmpty else { return }
        try await db.withConnection { connection in
            guard let sql = connection as? any SQLDatabase else { return }
            // Dropping the old table must not cascade to the rows that reference it.
            try await sql.raw("PRAGMA foreign_keys=OFF").run()
            do {
                try await sql.raw("BEGIN IMMEDIATE").run()
                for table in stale { try await rebuild(table, on: sql) }
                try await sql.raw("COMMIT").run()
            } catch {
                try? await sql.raw("ROLLBACK").run()
                try? await sql.raw("PRAGMA foreign_keys=ON").run()
                throw error
            }
            try await sql.raw("PRAGMA foreign_keys=ON").run()
        }
    }

    static func isStale(_ createStatement: String) -> Bool {
        let upper = createStatement.uppercased()
        return upper.contains("INTEGER PRIMARY KEY") && !upper.contains("AUTOINCREMENT")
    }

    private static func rebuild(_ table: SchemaEntry, on sql: any SQLDatabase) async throws {
        let quoted = "\"\(table.name)\""
        let temporary = "\"\(table.name)\(rebuildSuffix)\""
        guard let nameEnd = table.sql.range(of: quoted)?.upperBound else { return }
        var columns = String(table.sql[nameEnd...])
        guard let key = columns.range(of: "INTEGER PRIMARY KEY", options: .caseInsensitive) else { return }
        columns.replaceSubrange(key, with: "INTEGER PRIMARY KEY AUTOINCREMENT")
        let create = "CREATE TABLE \(temporary)\(columns)"
        let dependents = try await sql.raw("SELECT name, sql FROM sqlite_master WHERE tbl_name = \(bind: table.name) AND type IN ('index', 'trigger') AND sql IS NOT NULL")
            .all(decoding: SchemaEntry.self)
        try await sql.raw("\(unsafeRaw: create)").run()
        try await sql.raw("INSERT INTO \(unsafeRaw: temporary) SELECT * FROM \(unsafeRaw: quoted)").run()
        try await sql.raw("DROP TABLE \(unsafeRaw: quoted)").run()
        try await sql.raw("ALTER TABLE \(unsafeRaw: temporary) RENAME TO \(unsafeRaw: quoted)").run()
        for dependent in dependents { try await sql.raw("\(unsafeRaw: dependent.sql)").run() }
    }
}

extension DatabaseSetup {
    /// Runs after migrations: see `SQLiteIDs`.
    public static func neverReuseIDs(on db: any Database) async throws {
        try await SQLiteIDs.neverReuse(on: db)
    }
}
