import Fluent
import SQLKit

/// On PostgreSQL, counters are bumped when the transaction commits, once per group. Bumped at
/// each write statement instead (the first way, `sprout_bump_read_version`), a transaction held
/// the counter's row lock from its first write to its commit: two transactions of one group that
/// also lock the same rows (two matches racing for one person) could each wait for the other,
/// and PostgreSQL would end one with a deadlock error. At commit, a transaction waits only for
/// the counter, whose holder is committing and waits for nothing. This migration turns triggers
/// made the first way into the second; the groups' own migrations (`CountCredentialsReads` and
/// each app's) make new ones that way.
struct BumpReadVersionsAtCommit: AsyncMigration {
    static let function = "sprout_bump_read_version_at_commit"

    private static func createFunction(on sql: any SQLDatabase) async throws {
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

    private static func createTrigger(_ name: String, on table: String, group: String, in sql: any SQLDatabase) async throws {
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
