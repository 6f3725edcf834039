import Fluent
import Platform
import SQLKit

/// The statistics read the past readings too (books finished, re-reads): their writes bump the
/// reader's `reading` counter as `CountReadingReadsPerReader`'s tables do. Reverted, only these
/// triggers go: the counters stay, as the other tables still count in them.
/// Its statements are written out as databases ran them, under this name: a table a cached
/// read joins later gets its triggers from a migration of its own.
struct CountPastReadsPerReader: AsyncMigration {
    var name: String { "AccountReadVersionTriggers(reading: reading_past_reads)" }

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        let createTriggers: [SQLQueryString]
        if sql.dialect.name == "postgresql" {
            createTriggers = [
                """
                CREATE CONSTRAINT TRIGGER "reading_past_reads_reading_account_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "reading_past_reads"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_account_read_version_at_commit('reading')
                """,
            ]
        } else {
            createTriggers = [
                """
                CREATE TRIGGER "reading_past_reads_reading_account_read_version_insert" AFTER INSERT ON "reading_past_reads"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_past_reads_reading_account_read_version_update" AFTER UPDATE ON "reading_past_reads"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', NEW.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
                """,
                """
                CREATE TRIGGER "reading_past_reads_reading_account_read_version_delete" AFTER DELETE ON "reading_past_reads"
                BEGIN INSERT INTO account_read_versions (name, account_id, version) VALUES ('reading', OLD.account_id, 1)
                    ON CONFLICT (name, account_id) DO UPDATE SET version = version + 1; END
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
                #"DROP TRIGGER IF EXISTS "reading_past_reads_reading_account_read_version_write" ON "reading_past_reads""#,
            ]
        } else {
            dropTriggers = [
                #"DROP TRIGGER IF EXISTS "reading_past_reads_reading_account_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "reading_past_reads_reading_account_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "reading_past_reads_reading_account_read_version_delete""#,
            ]
        }
        for statement in dropTriggers { try await sql.raw(statement).run() }
    }
}
