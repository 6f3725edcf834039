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
    /// asked for only when the SQLite reader cannot answer.
    public func current(_ group: String, account: String, on db: @autoclosure () -> any Database) async throws -> Int64? {
        if let reader, let version = reader.version(group, account: account) { return version }
        guard let sql = db() as? any SQLDatabase else { return nil }
        return try await sql.raw("""
            SELECT COALESCE((SELECT version FROM account_read_versions WHERE name = \(bind: group) AND account_id = \(bind: account)), 0) AS version
            """).first(decoding: Row.self)?.version
    }
}

struct CreateAccountReadVersions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("""
            CREATE TABLE account_read_versions (
                name TEXT NOT NULL, account_id TEXT NOT NULL, version BIGINT NOT NULL,
                PRIMARY KEY (name, account_id))
            """).run()
        guard sql.dialect.name == "postgresql" else { return }
        // As `BumpReadVersionsAtCommit` does for a group: bumped at commit, once per account and
        // transaction (an account's erasure deletes all its rows in one).
        try await sql.raw("""
            CREATE OR REPLACE FUNCTION sprout_bump_account_read_version(read_group text, account text) RETURNS void AS $$
            DECLARE
                flag text := 'sprout_account_read_version.' || read_group || '_' || md5(account);
            BEGIN
                IF current_setting(flag, true) = 'bumped' THEN RETURN; END IF;
                PERFORM set_config(flag, 'bumped', true);
                INSERT INTO account_read_versions (name, account_id, version) VALUES (read_group, account, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = account_read_versions.version + 1;
            END
            $$ LANGUAGE plpgsql
            """).run()
        try await sql.raw("""
            CREATE OR REPLACE FUNCTION sprout_bump_account_read_version_at_commit() RETURNS trigger AS $$
            BEGIN
                IF TG_OP <> 'INSERT' THEN PERFORM sprout_bump_account_read_version(TG_ARGV[0], OLD.account_id); END IF;
                IF TG_OP <> 'DELETE' THEN PERFORM sprout_bump_account_read_version(TG_ARGV[0], NEW.account_id); END IF;
                RETURN NULL;
            END
            $$ LANGUAGE plpgsql
            """).run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "postgresql" {
            try await sql.raw("DROP FUNCTION IF EXISTS sprout_bump_account_read_version_at_commit() CASCADE").run()
            try await sql.raw("DROP FUNCTION IF EXISTS sprout_bump_account_read_version(text, text)").run()
        }
        try await sql.raw("DROP TABLE account_read_versions").run()
    }
}

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

    private func triggerName(_ table: String, _ event: String = "write") -> String {
        "\(table)_\(group)_account_read_version_\(event.lowercased())"
    }
}
