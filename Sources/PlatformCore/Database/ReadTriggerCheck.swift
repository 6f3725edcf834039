import Fluent
import SQLKit

/// Compares the counting triggers installed in the database with the tables the caches declare
/// they read (`ReadGroup`). Every test migrates from empty, so a group's table list edited in
/// code while an existing database keeps the triggers it was given would pass them all and serve
/// stale answers; this reads what the database actually has, at every start, on both databases.
public enum ReadTriggerCheck {
    /// The differences, one line each; none when the triggers count exactly what is declared.
    public static func differences(_ declared: DeclaredReadGroups, on db: any Database) async throws -> [String] {
        let sql = try db.sql()
        let installed = try await sql.dialect.name == "postgresql" ? postgresTriggers(sql) : sqliteTriggers(sql)
        let counters = Set(try await sql.raw("SELECT name FROM read_versions").all(decoding: CounterRow.self).map(\.name))
        return differences(declared.all, installed: installed, counters: counters)
    }

    /// Refuses to go on when `differences` finds any.
    public static func verify(_ declared: DeclaredReadGroups, on db: any Database) async throws {
        let found = try await differences(declared, on: db)
        guard found.isEmpty else { throw Mismatch(differences: found) }
    }

    public struct Mismatch: Error, CustomStringConvertible {
        public let differences: [String]

        public var description: String {
            "the read caches' counting triggers differ from the tables they read (a migration must install them): "
                + differences.joined(separator: "; ")
        }
    }

    /// One counting trigger as the database holds it.
    struct Installed: Hashable {
        let table: String
        let group: String
        let perAccount: Bool
        /// "insert", "update", "delete".
        let events: Set<String>
        /// On PostgreSQL, counted at commit (`BumpReadVersionsAtCommit`); always true on SQLite.
        var atCommit = true
    }

    static let everyWrite: Set<String> = ["insert", "update", "delete"]

    static func differences(_ declared: [String: [ReadGroup]], installed: [Installed], counters: Set<String>) -> [String] {
        var found: [String] = []
        let byGroup = Dictionary(grouping: installed, by: \.group)
        for (name, declarations) in declared.sorted(by: { $0.key < $1.key }) {
            guard let group = declarations.first, declarations.count == 1 else {
                found.append("\(name) is declared with different tables: " + declarations.map { $0.tables.sorted().joined(separator: ", ") }.joined(separator: " / "))
                continue
            }
            let triggers = byGroup[name] ?? []
            if group.counting == .perAccountByWriters {
                for table in Set(triggers.map(\.table)).sorted() { found.append("\(name) is counted by its writers, yet a trigger on \(table) counts it") }
                continue
            }
            if group.counting == .oneCounter, !counters.contains(name) { found.append("\(name) has no counter in read_versions") }
            let perAccount = group.counting == .perAccount
            for table in group.tables.sorted() {
                let on = triggers.filter { $0.table == table }
                let events = on.filter { $0.perAccount == perAccount }.reduce(into: Set<String>()) { $0.formUnion($1.events) }
                if events.isEmpty {
                    found.append("\(name) reads \(table), and no trigger counts its writes")
                } else if events != everyWrite {
                    found.append("\(name) reads \(table), and only its \(events.sorted().joined(separator: ", ")) are counted")
                }
                if on.contains(where: { $0.perAccount != perAccount }) {
                    found.append("\(name) on \(table) is counted \(perAccount ? "once for everyone" : "per account") as well")
                }
                if on.contains(where: { !$0.atCommit }) { found.append("\(name) on \(table) is counted at each statement, not at commit") }
            }
            for table in Set(triggers.map(\.table)).subtracting(group.tables).sorted() {
                found.append("\(name) counts writes to \(table), which it does not declare")
            }
        }
        for name in Set(byGroup.keys).subtracting(declared.keys).sorted() {
            found.append("triggers count \(name), which no cache declares")
        }
        return found
    }

    private struct CounterRow: Decodable {
        let name: String
    }

    private struct SQLiteTrigger: Decodable {
        let name: String
        let table_name: String
        let sql: String
    }

    /// SQLite keeps one trigger per table and write, named `<table>_<group>_read_version_<write>`
    /// or `<table>_<group>_account_read_version_<write>` (the names every counting migration uses).
    static func sqliteTriggers(_ sql: any SQLDatabase) async throws -> [Installed] {
        let rows = try await sql.raw("SELECT name, tbl_name AS table_name, sql FROM sqlite_master WHERE type = 'trigger'")
            .all(decoding: SQLiteTrigger.self)
        var installed: [Installed] = []
        for row in rows {
            guard let (group, perAccount, event) = parse(row.name, on: row.table_name), row.sql.contains("'\(group)'") else { continue }
            installed.append(Installed(table: row.table_name, group: group, perAccount: perAccount, events: [event]))
        }
        return installed
    }

    /// `(group, per account, write)` from a counting trigger's name; nil for any other trigger.
    static func parse(_ name: String, on table: String) -> (String, Bool, String)? {
        guard name.hasPrefix(table + "_") else { return nil }
        let rest = name.dropFirst(table.count + 1)
        for (marker, perAccount) in [("_account_read_version_", true), ("_read_version_", false)] {
            guard let range = rest.range(of: marker, options: .backwards), !rest[..<range.lowerBound].isEmpty else { continue }
            let event = String(rest[range.upperBound...])
            guard everyWrite.contains(event) else { return nil }
            return (String(rest[..<range.lowerBound]), perAccount, event)
        }
        return nil
    }

    private struct PostgresTrigger: Decodable {
        let table_name: String
        let function: String
        let read_group: String
        let events: Int
    }

    /// PostgreSQL keeps one trigger per table and group, its group the function's argument; the
    /// writes it fires on are bits of `tgtype` (4 insert, 8 delete, 16 update).
    static func postgresTriggers(_ sql: any SQLDatabase) async throws -> [Installed] {
        let rows = try await sql.raw("""
            SELECT c.relname AS table_name, p.proname AS function, split_part(encode(t.tgargs, 'escape'), '\\000', 1) AS read_group,
                   t.tgtype::int AS events
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
            WHERE NOT t.tgisinternal AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
              AND p.proname IN ('sprout_bump_read_version', 'sprout_bump_read_version_at_commit', 'sprout_bump_account_read_version_at_commit')
            """).all(decoding: PostgresTrigger.self)
        return rows.map { row in
            let events = [(4, "insert"), (8, "delete"), (16, "update")].filter { row.events & $0.0 != 0 }.map(\.1)
            return Installed(table: row.table_name, group: row.read_group, perAccount: row.function.contains("account"), events: Set(events),
                             atCommit: row.function.hasSuffix("_at_commit"))
        }
    }
}
