import Fluent
import SQLKit

/// The per-account counters' table and, on PostgreSQL, the functions that bump one at commit.
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
