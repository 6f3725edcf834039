import Fluent
import SQLKit
import Vapor

/// A counter per group of tables that the database itself bumps, by trigger, in the same
/// transaction as every insert, update and delete on those tables. Whoever writes (this instance,
/// another one sharing PostgreSQL, a `sprout` command on the SQLite file, a cascade from a deleted
/// account), the next read of the counter sees the write. `AnswerCache` keys its answers by it.
public struct ReadVersions: Sendable {
    static let schema = "read_versions"

    /// On SQLite, counters are read on the calling thread (`SQLiteVersionReader`).
    let reader: SQLiteVersionReader?

    public init(storage: SproutConfig.Storage) {
        if case let .sqlite(path) = storage {
            reader = SQLiteVersionReader(path: path)
        } else {
            reader = nil
        }
    }

    struct Row: Decodable {
        let version: Int64
    }

    private struct NamedRow: Decodable {
        let name: String
        let version: Int64
    }

    private struct SnapshotKey: StorageKey {
        typealias Value = [String: Int64]
    }

    /// The counter of `group` as `request` first saw it. A read (GET or HEAD) reads every counter
    /// at once, at its first check, and keeps them: a lessons read checks its API key, its account
    /// and its answer, and three reads of the counters were three SQLite transactions (bench/RESULTS.md).
    /// Every write acknowledged before that first check is seen. Any other method may write between
    /// its checks, so it reads afresh each time.
    public func current(_ group: String, for request: Request) async throws -> Int64? {
        guard request.method == .GET || request.method == .HEAD else { return try await current(group, on: request.db) }
        if let seen = request.storage[SnapshotKey.self] { return seen[group] }
        let all = try await all(on: request.db)
        request.storage[SnapshotKey.self] = all
        return all[group]
    }

    /// Every counter now, in one read. `db` is asked for only when the SQLite reader cannot
    /// answer: making a request's database handle took a lock and a twentieth of a cached read.
    func all(on db: @autoclosure () -> any Database) async throws -> [String: Int64] {
        if let all = reader?.all() { return all }
        guard let sql = db() as? any SQLDatabase else { return [:] }
        let rows = try await sql.raw("SELECT name, version FROM read_versions").all(decoding: NamedRow.self)
        return Dictionary(rows.map { ($0.name, $0.version) }) { first, _ in first }
    }

    /// The counter of `group` now; nil when no migration registered the group (nothing bumps it).
    /// `db` is asked for only when the SQLite reader cannot answer.
    public func current(_ group: String, on db: @autoclosure () -> any Database) async throws -> Int64? {
        if let version = reader?.version(group) { return version }
        guard let sql = db() as? any SQLDatabase else { return nil }
        return try await sql.raw("SELECT version FROM read_versions WHERE name = \(bind: group)").first(decoding: Row.self)?.version
    }
}

/// The counters' table and, on PostgreSQL, the trigger function that bumps one.
struct CreateReadVersions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReadVersions.schema)
            .field("name", .string, .identifier(auto: false))
            .field("version", .int64, .required)
            .create()
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("""
            CREATE OR REPLACE FUNCTION sprout_bump_read_version() RETURNS trigger AS $$
            BEGIN
                UPDATE read_versions SET version = version + 1 WHERE name = TG_ARGV[0];
                RETURN NULL;
            END
            $$ LANGUAGE plpgsql
            """).run()
    }

    func revert(on database: any Database) async throws {
        if let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" {
            try await sql.raw("DROP FUNCTION IF EXISTS sprout_bump_read_version() CASCADE").run()
        }
        try await database.schema(ReadVersions.schema).delete()
    }
}

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

/// On PostgreSQL, counters are bumped when the transaction commits, once per group. Bumped at
/// each write statement instead (the first way, `sprout_bump_read_version`), a transaction held
/// the counter's row lock from its first write to its commit: two transactions of one group that
/// also lock the same rows (two matches racing for one person) could each wait for the other,
/// and PostgreSQL would end one with a deadlock error. At commit, a transaction waits only for
/// the counter, whose holder is committing and waits for nothing. This migration turns triggers
/// made the first way into the second; `ReadVersionTriggers` makes new ones that way.
struct BumpReadVersionsAtCommit: AsyncMigration {
    static let function = "sprout_bump_read_version_at_commit"

    static func createFunction(on sql: any SQLDatabase) async throws {
        // The setting is local to the transaction: the first write of a group bumps its counter,
        // the others of the same transaction skip.
        try await sql.raw("""
            CREATE OR REPLACE FUNCTION sprout_bump_read_version_at_commit() RETURNS trigger AS $$
            BEGIN
                IF current_setting('sprout_read_version.' || TG_ARGV[0], true) = 'bumped' THEN RETURN NULL; END IF;
                PERFORM set_config('sprout_read_version.' || TG_ARGV[0], 'bumped', true);
                UPDATE read_versions SET version = version + 1 WHERE name = TG_ARGV[0];
                RETURN NULL;
            END
            $$ LANGUAGE plpgsql
            """).run()
    }

    static func createTrigger(_ name: String, on table: String, group: String, in sql: any SQLDatabase) async throws {
        try await sql.raw("""
            CREATE CONSTRAINT TRIGGER \(ident: name) AFTER INSERT OR UPDATE OR DELETE ON \(ident: table)
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit(\(literal: group))
            """).run()
    }

    private struct StatementTrigger: Decodable {
        let name: String
        let table_name: String
        let read_group: String
    }

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await Self.createFunction(on: sql)
        let triggers = try await sql.raw("""
            SELECT t.tgname AS name, c.relname AS table_name, split_part(encode(t.tgargs, 'escape'), '\\000', 1) AS read_group
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
            WHERE p.proname = 'sprout_bump_read_version' AND NOT t.tgisinternal
            """).all(decoding: StatementTrigger.self)
        for trigger in triggers {
            try await sql.raw("DROP TRIGGER \(ident: trigger.name) ON \(ident: trigger.table_name)").run()
            try await Self.createTrigger(trigger.name, on: trigger.table_name, group: trigger.read_group, in: sql)
        }
    }

    /// Nothing to undo here: each group's own migration drops its triggers when reverted,
    /// whichever function they call.
    func revert(on database: any Database) async throws {}
}
