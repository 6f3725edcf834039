import Fluent
import Platform
import SQLKit

/// Every write to the library, its sessions and goals bumps the `reading` counter of the reader
/// the row belongs to (`account_read_versions`), before and after an update, so one reader's
/// writes keep every other reader's answers. It takes over from `CountReadingReads`, whose
/// triggers and counter it drops, and gives them back when reverted.
/// Its statements are written out as databases ran them, under this name: a table a cached
/// read joins later gets its triggers from a migration of its own.
struct CountReadingReadsPerReader: AsyncMigration {
    var name: String { "AccountReadVersionTriggers(reading)" }

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        let dropGroupTriggers: [SQLQueryString], createReaderTriggers: [SQLQueryString]
        if sql.dialect.name == "postgresql" {
            dropGroupTriggers = [
                #"DROP TRIGGER IF EXISTS "reading_books_reading_read_version_write" ON "reading_books""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_read_version_write" ON "reading_sessions""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_read_version_write" ON "reading_goals""#,
            ]
            createReaderTriggers = [
                """
                CREATE CONSTRAINT TRIGGER "reading_books_reading_account_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "reading_books"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_account_read_version_at_commit('reading')
                """,
                """
                CREATE CONSTRAINT TRIGGER "reading_sessions_reading_account_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "reading_sessions"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_account_read_version_at_commit('reading')
                """,
                """
                CREATE CONSTRAINT TRIGGER "reading_goals_reading_account_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "reading_goals"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_account_read_version_at_commit('reading')
                """,
            ]
        } else {
            dropGroupTriggers = [
                #"DROP TRIGGER IF EXISTS "reading_books_reading_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "reading_books_reading_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "reading_books_reading_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_read_version_delete""#,
            ]
            createReaderTriggers = [
                """
                CREATE TRIGGER "reading_books_reading_account_read_version_insert" AFTER INSERT ON "reading_books"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_books_reading_account_read_version_update" AFTER UPDATE ON "reading_books"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_books_reading_account_read_version_delete" AFTER DELETE ON "reading_books"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_sessions_reading_account_read_version_insert" AFTER INSERT ON "reading_sessions"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_sessions_reading_account_read_version_update" AFTER UPDATE ON "reading_sessions"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_sessions_reading_account_read_version_delete" AFTER DELETE ON "reading_sessions"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_goals_reading_account_read_version_insert" AFTER INSERT ON "reading_goals"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_goals_reading_account_read_version_update" AFTER UPDATE ON "reading_goals"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_goals_reading_account_read_version_delete" AFTER DELETE ON "reading_goals"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
            ]
        }
        for statement in dropGroupTriggers { try await sql.raw(statement).run() }
        try await sql.raw("DELETE FROM read_versions WHERE name = \(bind: "reading")").run()
        for statement in createReaderTriggers { try await sql.raw(statement).run() }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        let dropReaderTriggers: [SQLQueryString], createGroupTriggers: [SQLQueryString]
        if sql.dialect.name == "postgresql" {
            dropReaderTriggers = [
                #"DROP TRIGGER IF EXISTS "reading_books_reading_account_read_version_write" ON "reading_books""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_account_read_version_write" ON "reading_sessions""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_account_read_version_write" ON "reading_goals""#,
            ]
            createGroupTriggers = [
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
                CREATE CONSTRAINT TRIGGER "reading_books_reading_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "reading_books"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('reading')
                """,
                """
                CREATE CONSTRAINT TRIGGER "reading_sessions_reading_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "reading_sessions"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('reading')
                """,
                """
                CREATE CONSTRAINT TRIGGER "reading_goals_reading_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "reading_goals"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('reading')
                """,
            ]
        } else {
            dropReaderTriggers = [
                #"DROP TRIGGER IF EXISTS "reading_books_reading_account_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "reading_books_reading_account_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "reading_books_reading_account_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_account_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_account_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "reading_sessions_reading_account_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_account_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_account_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "reading_goals_reading_account_read_version_delete""#,
            ]
            createGroupTriggers = [
                """
                CREATE TRIGGER "reading_books_reading_read_version_insert" AFTER INSERT ON "reading_books"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_books_reading_read_version_update" AFTER UPDATE ON "reading_books"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_books_reading_read_version_delete" AFTER DELETE ON "reading_books"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_sessions_reading_read_version_insert" AFTER INSERT ON "reading_sessions"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_sessions_reading_read_version_update" AFTER UPDATE ON "reading_sessions"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_sessions_reading_read_version_delete" AFTER DELETE ON "reading_sessions"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_goals_reading_read_version_insert" AFTER INSERT ON "reading_goals"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_goals_reading_read_version_update" AFTER UPDATE ON "reading_goals"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
                """
                CREATE TRIGGER "reading_goals_reading_read_version_delete" AFTER DELETE ON "reading_goals"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'reading'; END
                """,
            ]
        }
        for statement in dropReaderTriggers { try await sql.raw(statement).run() }
        try await sql.raw("DELETE FROM account_read_versions WHERE name = \(bind: "reading")").run()
        try await sql.raw("INSERT INTO read_versions (name, version) VALUES (\(bind: "reading"), 0)").run()
        for statement in createGroupTriggers { try await sql.raw(statement).run() }
    }
}
