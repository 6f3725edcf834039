import Fluent
import SQLKit

/// Read counters kept per account, for tables whose rows each belong to one account (a reader's
/// books, sessions and goals). A group's single counter moves with every account's writes, so
/// with many people writing, each person's kept answers were dropped by everyone else's writes;
/// here a write moves only its own account's counter. Bumped by the database in the writing
/// transaction, like `ReadVersions`, so every instance and every `sprout` command is seen.
/// An account with no counter row yet has written nothing since the counters began: version 0.
extension ReadVersions {
    /// The counter of `group` for `account`; nil when it cannot be read (no such table). `db` is
    /// asked for only when the SQLite reader or the counters heard on PostgreSQL cannot answer.
    public func current(_ group: String, account: String, on db: @autoclosure () -> any Database) async throws -> Int64? {
        try await current(group, account: account, seenAt: nil, caughtUp: false, on: db())
    }

    /// The same, from the reader's memory when the counter was read at the data version `seenAt`
    /// (`SQLiteVersionReader.version(_:account:seenAt:)`), or on PostgreSQL from the counters heard,
    /// once `caughtUp` with every commit before the request.
    func current(_ group: String, account: String, seenAt: Int64?, caughtUp: Bool, on db: @autoclosure () -> any Database) async throws -> Int64? {
        guard isOn else { return nil }
        if let reader, let version = reader.version(group, account: account, seenAt: seenAt) { return version }
        let heard = if caughtUp { listened } else { await self.caughtUp() }
        let held = heard?.version(group, account: account)
        if case .version(let version) = held { return version }
        guard let sql = db() as? any SQLDatabase else { return nil }
        let version = try await sql.raw("""
            SELECT COALESCE((SELECT version FROM account_read_versions WHERE name = \(bind: group) AND account_id = \(bind: account)), 0) AS version
            """).first(decoding: Row.self)?.version
        if let version, case .notHeld(let epoch) = held { listened?.remember(group, account: account, version: version, readAt: epoch) }
        return version
    }

    /// Moves `group`'s counter of each of `accounts` in the caller's transaction, for writes no
    /// trigger can name the account of (a message concerns both people of a conversation, and
    /// its rows name neither's inbox).
    public static func bump(_ group: ReadGroup, accounts: [String], on db: any Database) async throws {
        try await bump(group, accounts: accounts, on: try db.sql())
    }

    package static func bump(_ group: ReadGroup, accounts: [String], on sql: any SQLDatabase) async throws {
        let rows = Set(accounts).sorted().map { SQLGroupExpression([SQLBind(group.name), SQLBind($0), SQLLiteral.numeric("1")]) }
        guard !rows.isEmpty else { return }
        try await sql.raw("""
            INSERT INTO account_read_versions (name, account_id, version) VALUES \(SQLList(rows))
            ON CONFLICT (name, account_id) DO UPDATE SET version = account_read_versions.version + 1
            """).run()
    }
}
