import Fluent
import Platform
import SQLKit

/// Every write to posts, profiles, comments, likes, hashtags and payments bumps the `lessons`
/// counter the lessons' kept answers go by (`ReadVersions`); on PostgreSQL at commit
/// (`BumpReadVersionsAtCommit`).
/// Its statements are written out as databases ran them, under this name: a table a cached
/// read joins later gets its triggers from a migration of its own.
struct CountLessonsReads: AsyncMigration {
    var name: String { "ReadVersionTriggers(lessons)" }

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("INSERT INTO read_versions (name, version) VALUES (\(bind: "lessons"), 0)").run()
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
                CREATE CONSTRAINT TRIGGER "lessons_posts_lessons_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "lessons_posts"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('lessons')
                """,
                """
                CREATE CONSTRAINT TRIGGER "lessons_profiles_lessons_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "lessons_profiles"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('lessons')
                """,
                """
                CREATE CONSTRAINT TRIGGER "lessons_comments_lessons_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "lessons_comments"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('lessons')
                """,
                """
                CREATE CONSTRAINT TRIGGER "lessons_likes_lessons_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "lessons_likes"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('lessons')
                """,
                """
                CREATE CONSTRAINT TRIGGER "lessons_hashtags_lessons_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "lessons_hashtags"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('lessons')
                """,
                """
                CREATE CONSTRAINT TRIGGER "lessons_payments_lessons_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "lessons_payments"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('lessons')
                """,
            ]
        } else {
            createTriggers = [
                """
                CREATE TRIGGER "lessons_posts_lessons_read_version_insert" AFTER INSERT ON "lessons_posts"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_posts_lessons_read_version_update" AFTER UPDATE ON "lessons_posts"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_posts_lessons_read_version_delete" AFTER DELETE ON "lessons_posts"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_profiles_lessons_read_version_insert" AFTER INSERT ON "lessons_profiles"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_profiles_lessons_read_version_update" AFTER UPDATE ON "lessons_profiles"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_profiles_lessons_read_version_delete" AFTER DELETE ON "lessons_profiles"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_comments_lessons_read_version_insert" AFTER INSERT ON "lessons_comments"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_comments_lessons_read_version_update" AFTER UPDATE ON "lessons_comments"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_comments_lessons_read_version_delete" AFTER DELETE ON "lessons_comments"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_likes_lessons_read_version_insert" AFTER INSERT ON "lessons_likes"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_likes_lessons_read_version_update" AFTER UPDATE ON "lessons_likes"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_likes_lessons_read_version_delete" AFTER DELETE ON "lessons_likes"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_hashtags_lessons_read_version_insert" AFTER INSERT ON "lessons_hashtags"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_hashtags_lessons_read_version_update" AFTER UPDATE ON "lessons_hashtags"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_hashtags_lessons_read_version_delete" AFTER DELETE ON "lessons_hashtags"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_payments_lessons_read_version_insert" AFTER INSERT ON "lessons_payments"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_payments_lessons_read_version_update" AFTER UPDATE ON "lessons_payments"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
                """,
                """
                CREATE TRIGGER "lessons_payments_lessons_read_version_delete" AFTER DELETE ON "lessons_payments"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'lessons'; END
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
                #"DROP TRIGGER IF EXISTS "lessons_posts_lessons_read_version_write" ON "lessons_posts""#,
                #"DROP TRIGGER IF EXISTS "lessons_profiles_lessons_read_version_write" ON "lessons_profiles""#,
                #"DROP TRIGGER IF EXISTS "lessons_comments_lessons_read_version_write" ON "lessons_comments""#,
                #"DROP TRIGGER IF EXISTS "lessons_likes_lessons_read_version_write" ON "lessons_likes""#,
                #"DROP TRIGGER IF EXISTS "lessons_hashtags_lessons_read_version_write" ON "lessons_hashtags""#,
                #"DROP TRIGGER IF EXISTS "lessons_payments_lessons_read_version_write" ON "lessons_payments""#,
            ]
        } else {
            dropTriggers = [
                #"DROP TRIGGER IF EXISTS "lessons_posts_lessons_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "lessons_posts_lessons_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "lessons_posts_lessons_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "lessons_profiles_lessons_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "lessons_profiles_lessons_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "lessons_profiles_lessons_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "lessons_comments_lessons_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "lessons_comments_lessons_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "lessons_comments_lessons_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "lessons_likes_lessons_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "lessons_likes_lessons_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "lessons_likes_lessons_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "lessons_hashtags_lessons_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "lessons_hashtags_lessons_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "lessons_hashtags_lessons_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "lessons_payments_lessons_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "lessons_payments_lessons_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "lessons_payments_lessons_read_version_delete""#,
            ]
        }
        for statement in dropTriggers { try await sql.raw(statement).run() }
        try await sql.raw("DELETE FROM read_versions WHERE name = \(bind: "lessons")").run()
    }
}
