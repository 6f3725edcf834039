import Fluent
import SQLKit

/// The counters' table and, on PostgreSQL, the trigger function that bumps one.
struct CreateReadVersions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("read_versions")
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
        try await database.schema("read_versions").delete()
    }
}
