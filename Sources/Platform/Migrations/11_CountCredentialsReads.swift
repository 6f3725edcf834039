import Fluent
import SQLKit

/// Every write to accounts and API keys bumps the `credentials` counter, which the rows kept of
/// both (`KnownRows`) go by; on PostgreSQL at commit (`BumpReadVersionsAtCommit`).
/// Its statements are written out as databases ran them, under this name: a table a cached
/// read joins later gets its triggers from a migration of its own.
struct CountCredentialsReads: AsyncMigration {
    var name: String { "ReadVersionTriggers(credentials)" }

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("INSERT INTO read_versions (name, version) VALUES (\(bind: "credentials"), 0)").run()
        let createTriggers: [SQLQueryString]
        if sql.dialect.name == "postgresql" {
            createTriggers = [
                """
                CREATE OR REPLACE FUNCTION sprout_bump_read_version_at_commit() RETURNS trigger AS $$
                BEGIN
                    IF current_setting('sprout_read_version.' || TG_ARGV[0], true) = 'bumped' THEN RETURN NULL; END IF;
                    PERFORM set_config('sprout_read_version.' || TG_ARGV[0], 'bumped', true);
                    UPDATE read_versions SET version = version + 1 WHERE name = TG_ARGV[0];
                    RETURN NULL;
                END
                $$ LANGUAGE plpgsql
                """,
                """
                CREATE CONSTRAINT TRIGGER "accounts_credentials_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('credentials')
                """,
                """
                CREATE CONSTRAINT TRIGGER "api_keys_credentials_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "api_keys"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('credentials')
                """,
            ]
        } else {
            createTriggers = [
                """
                CREATE TRIGGER "accounts_credentials_read_version_insert" AFTER INSERT ON "accounts"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'credentials'; END
                """,
                """
                CREATE TRIGGER "accounts_credentials_read_version_update" AFTER UPDATE ON "accounts"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'credentials'; END
                """,
                """
                CREATE TRIGGER "accounts_credentials_read_version_delete" AFTER DELETE ON "accounts"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'credentials'; END
                """,
                """
                CREATE TRIGGER "api_keys_credentials_read_version_insert" AFTER INSERT ON "api_keys"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'credentials'; END
                """,
                """
                CREATE TRIGGER "api_keys_credentials_read_version_update" AFTER UPDATE ON "api_keys"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'credentials'; END
                """,
                """
                CREATE TRIGGER "api_keys_credentials_read_version_delete" AFTER DELETE ON "api_keys"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'credentials'; END
                """,
            ]
        }
        for statement in createTriggers { try await sql.raw(statement).run() }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        let dropTriggers: [SQLQueryString]
        if sql.dialect.name == "postgresql" {
            dropTriggers = [
                #"DROP TRIGGER IF EXISTS "accounts_credentials_read_version_write" ON "accounts""#,
                #"DROP TRIGGER IF EXISTS "api_keys_credentials_read_version_write" ON "api_keys""#,
            ]
        } else {
            dropTriggers = [
                #"DROP TRIGGER IF EXISTS "accounts_credentials_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "accounts_credentials_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "accounts_credentials_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "api_keys_credentials_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "api_keys_credentials_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "api_keys_credentials_read_version_delete""#,
            ]
        }
        for statement in dropTriggers { try await sql.raw(statement).run() }
        try await sql.raw("DELETE FROM read_versions WHERE name = \(bind: "credentials")").run()
    }
}
