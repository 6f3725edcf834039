import Fluent
import SQLKit

/// On PostgreSQL, every change of a read counter, whoever makes it (a counting trigger, a
/// writer's own bump, plain SQL), notifies `sprout_read_versions` at its commit, so each instance
/// holds the counters in memory (`ListenedReadVersions`) instead of asking for them on every
/// read. A payload is `g <version> <group>` or `a <version> <group> <account>`; a deleted counter
/// has the version `-`. SQLite has one process, which reads its counters on the calling thread.
struct NotifyReadVersionChanges: AsyncMigration {
    var name: String { "Platform.NotifyReadVersionChanges" }

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("""
            CREATE FUNCTION sprout_notify_read_version() RETURNS trigger AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM pg_notify('sprout_read_versions', 'g - ' || OLD.name);
                ELSE
                    PERFORM pg_notify('sprout_read_versions', 'g ' || NEW.version || ' ' || NEW.name);
                END IF;
                RETURN NULL;
            END
            $$ LANGUAGE plpgsql
            """).run()
        try await sql.raw("""
            CREATE FUNCTION sprout_notify_account_read_version() RETURNS trigger AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM pg_notify('sprout_read_versions', 'a - ' || OLD.name || ' ' || OLD.account_id);
                ELSE
                    PERFORM pg_notify('sprout_read_versions', 'a ' || NEW.version || ' ' || NEW.name || ' ' || NEW.account_id);
                END IF;
                RETURN NULL;
            END
            $$ LANGUAGE plpgsql
            """).run()
        try await sql.raw("""
            CREATE TRIGGER "read_versions_notify" AFTER INSERT OR UPDATE OR DELETE ON "read_versions"
            FOR EACH ROW EXECUTE FUNCTION sprout_notify_read_version()
            """).run()
        try await sql.raw("""
            CREATE TRIGGER "account_read_versions_notify" AFTER INSERT OR UPDATE OR DELETE ON "account_read_versions"
            FOR EACH ROW EXECUTE FUNCTION sprout_notify_account_read_version()
            """).run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("DROP FUNCTION IF EXISTS sprout_notify_read_version() CASCADE").run()
        try await sql.raw("DROP FUNCTION IF EXISTS sprout_notify_account_read_version() CASCADE").run()
    }
}
