import Fluent
import Platform
import SQLKit

/// Every write to profiles, the queue and requests bumps the `study` counter the kept study
/// answers go by (`ReadVersions`); on PostgreSQL at commit (`BumpReadVersionsAtCommit`).
/// Its statements are written out as databases ran them, under this name: a table a cached
/// read joins later gets its triggers from a migration of its own.
struct CountStudyReads: AsyncMigration {
    var name: String { "ReadVersionTriggers(study)" }

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("INSERT INTO read_versions (name, version) VALUES (\(bind: "study"), 0)").run()
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
                CREATE CONSTRAINT TRIGGER "study_profiles_study_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "study_profiles"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('study')
                """,
                """
                CREATE CONSTRAINT TRIGGER "study_queue_study_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "study_queue"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('study')
                """,
                """
                CREATE CONSTRAINT TRIGGER "study_requests_study_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "study_requests"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('study')
                """,
            ]
        } else {
            createTriggers = [
                """
                CREATE TRIGGER "study_profiles_study_read_version_insert" AFTER INSERT ON "study_profiles"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_profiles_study_read_version_update" AFTER UPDATE ON "study_profiles"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_profiles_study_read_version_delete" AFTER DELETE ON "study_profiles"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_queue_study_read_version_insert" AFTER INSERT ON "study_queue"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_queue_study_read_version_update" AFTER UPDATE ON "study_queue"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_queue_study_read_version_delete" AFTER DELETE ON "study_queue"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_requests_study_read_version_insert" AFTER INSERT ON "study_requests"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_requests_study_read_version_update" AFTER UPDATE ON "study_requests"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
                """,
                """
                CREATE TRIGGER "study_requests_study_read_version_delete" AFTER DELETE ON "study_requests"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'study'; END
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
                #"DROP TRIGGER IF EXISTS "study_profiles_study_read_version_write" ON "study_profiles""#,
                #"DROP TRIGGER IF EXISTS "study_queue_study_read_version_write" ON "study_queue""#,
                #"DROP TRIGGER IF EXISTS "study_requests_study_read_version_write" ON "study_requests""#,
            ]
        } else {
            dropTriggers = [
                #"DROP TRIGGER IF EXISTS "study_profiles_study_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "study_profiles_study_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "study_profiles_study_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "study_queue_study_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "study_queue_study_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "study_queue_study_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "study_requests_study_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "study_requests_study_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "study_requests_study_read_version_delete""#,
            ]
        }
        for statement in dropTriggers { try await sql.raw(statement).run() }
        try await sql.raw("DELETE FROM read_versions WHERE name = \(bind: "study")").run()
    }
}
