import Fluent
import SQLKit

/// A module's migration that makes every write to `tables` (each with an `account_id` column)
/// bump `group`'s counter of the account the row belongs to, before and after an update. It
/// takes over from `replacing`, a group's single counter over the same tables, when one shipped.
public struct AccountReadVersionTriggers: AsyncMigration {
    let group: String
    let tables: [String]
    let replacing: ReadVersionTriggers?

    public init(group: String, tables: [String], replacing: ReadVersionTriggers? = nil) {
        self.group = group
        self.tables = tables
        self.replacing = replacing
    }

    public var name: String { "AccountReadVersionTriggers(\(group))" }

    public func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await replacing?.revert(on: database)
        for table in tables {
            if sql.dialect.name == "postgresql" {
                try await sql.raw("""
                    CREATE CONSTRAINT TRIGGER \(ident: triggerName(table)) AFTER INSERT OR UPDATE OR DELETE ON \(ident: table)
                    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_account_read_version_at_commit(\(literal: group))
                    """).run()
                continue
            }
            for (event, rows) in [("INSERT", ["NEW"]), ("UPDATE", ["OLD", "NEW"]), ("DELETE", ["OLD"])] {
                let bumps: [SQLQueryString] = rows.map { row in
                    """
                    INSERT INTO account_read_versions (name, account_id, version) VALUES (\(literal: group), \(unsafeRaw: row).account_id, 1)
                        ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1;
                    """
                }
                try await sql.raw("""
                    CREATE TRIGGER \(ident: triggerName(table, event)) AFTER \(unsafeRaw: event) ON \(ident: table)
                    BEGIN \(bumps.joined(separator: " ")) END
                    """).run()
            }
        }
    }

    public func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await ReadVersionTriggers.dropTriggers(on: tables, named: triggerName, in: sql)
        try await sql.raw("DELETE FROM account_read_versions WHERE name = \(bind: group)").run()
        try await replacing?.prepare(on: database)
    }

    func triggerName(_ table: String, _ event: String = "write") -> String {
        "\(table)_\(group)_account_read_version_\(event.lowercased())"
    }
}
