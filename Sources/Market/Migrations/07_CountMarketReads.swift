import Fluent
import Platform
import SQLKit

/// Every write to products, their images and vendors bumps the `market` counter the market's kept
/// answers go by (`ReadVersions`); on PostgreSQL at commit (`BumpReadVersionsAtCommit`).
/// Its statements are written out as databases ran them, under this name: a table a cached
/// read joins later gets its triggers from a migration of its own.
struct CountMarketReads: AsyncMigration {
    var name: String { "ReadVersionTriggers(market)" }

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("INSERT INTO read_versions (name, version) VALUES (\(bind: "market"), 0)").run()
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
                CREATE CONSTRAINT TRIGGER "market_products_market_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "market_products"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('market')
                """,
                """
                CREATE CONSTRAINT TRIGGER "market_product_images_market_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "market_product_images"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('market')
                """,
                """
                CREATE CONSTRAINT TRIGGER "market_vendors_market_read_version_write" AFTER INSERT OR UPDATE OR DELETE ON "market_vendors"
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sprout_bump_read_version_at_commit('market')
                """,
            ]
        } else {
            createTriggers = [
                """
                CREATE TRIGGER "market_products_market_read_version_insert" AFTER INSERT ON "market_products"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_products_market_read_version_update" AFTER UPDATE ON "market_products"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_products_market_read_version_delete" AFTER DELETE ON "market_products"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_product_images_market_read_version_insert" AFTER INSERT ON "market_product_images"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_product_images_market_read_version_update" AFTER UPDATE ON "market_product_images"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_product_images_market_read_version_delete" AFTER DELETE ON "market_product_images"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_vendors_market_read_version_insert" AFTER INSERT ON "market_vendors"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_vendors_market_read_version_update" AFTER UPDATE ON "market_vendors"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
                """,
                """
                CREATE TRIGGER "market_vendors_market_read_version_delete" AFTER DELETE ON "market_vendors"
                BEGIN UPDATE read_versions SET version = version + 1 WHERE name = 'market'; END
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
                #"DROP TRIGGER IF EXISTS "market_products_market_read_version_write" ON "market_products""#,
                #"DROP TRIGGER IF EXISTS "market_product_images_market_read_version_write" ON "market_product_images""#,
                #"DROP TRIGGER IF EXISTS "market_vendors_market_read_version_write" ON "market_vendors""#,
            ]
        } else {
            dropTriggers = [
                #"DROP TRIGGER IF EXISTS "market_products_market_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "market_products_market_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "market_products_market_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "market_product_images_market_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "market_product_images_market_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "market_product_images_market_read_version_delete""#,
                #"DROP TRIGGER IF EXISTS "market_vendors_market_read_version_insert""#,
                #"DROP TRIGGER IF EXISTS "market_vendors_market_read_version_update""#,
                #"DROP TRIGGER IF EXISTS "market_vendors_market_read_version_delete""#,
            ]
        }
        for statement in dropTriggers { try await sql.raw(statement).run() }
        try await sql.raw("DELETE FROM read_versions WHERE name = \(bind: "market")").run()
    }
}
