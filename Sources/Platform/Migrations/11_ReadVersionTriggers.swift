import Fluent
import SQLKit

/// A module's migration that makes every write to `tables` bump the counter `group`.
public struct ReadVersionTriggers: AsyncMigration {
    let group: String
    let tables: [String]

    public init(group: String, tables: [String]) {
        self.group = group
        self.tables = tables
    }

    public var name: String { "ReadVersionTriggers(\(group))" }

    public func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("INSERT INTO read_versions (name, version) VALUES (\(bind: group), 0)").run()
        if sql.dialect.name == "postgresql" { try await BumpReadVersionsAtCommit.createFunction(on: sql) }
        for table in tables {
            if sql.dialect.name == "postgresql" {
                try await BumpReadVersionsAtCommit.createTrigger(triggerName(table), on: table, group: group, in: sql)
            } else {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try await sql.raw("""
                        CREATE TRIGGER \(ident: triggerName(table, event)) AFTER \(unsafeRaw: event) ON \(ident: table)
                        BEGIN UPDATE read_versions SET version = version + 1 WHERE name = \(literal: group); END
                        """).run()
                }
            }
        }
    }

    public func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await Self.dropTriggers(on: tables, named: triggerName, in: sql)
        try await sql.raw("DELETE FROM read_versions WHERE name = \(bind: group)").run()
    }

    /// Drops counter triggers named by `name(table, event)`: one per table on PostgreSQL (event
    /// "write"), one per table and event on SQLite.
    static func dropTriggers(on tables: [String], named name: (String, String) -> String, in sql: any SQLDatabase) async throws {
        for table in tables {
            if sql.dialect.name == "postgresql" {
                try await sql.raw("DROP TRIGGER IF EXISTS \(ident: name(table, "write")) ON \(ident: table)").run()
            } else {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try await sql.raw("DROP TRIGGER IF EXISTS \(ident: name(table, event))").run()
                }
            }
        }
    }

    private func triggerName(_ table: String, _ event: String = "write") -> String {
        "\(table)_\(group)_read_version_\(event.lowercased())"
    }
}
