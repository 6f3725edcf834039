import Fluent
import Platform
import SQLKit

/// 내 동네 and 키워드 알림: each account's chosen 동 (`market_neighbourhoods`) and keywords
/// (`market_keywords`); each product's 동 and its centre, when it was last bumped and whether it
/// is hidden. Products with a place are found through a spatial index, as the study queue is
/// (`CreateQueueEntry`): on SQLite an R*Tree kept in step by triggers, on PostgreSQL a GiST index
/// over `point(long, lat)`; the nearby list reads them newest bump first through its own index.
struct AddNeighbourhoods: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_neighbourhoods")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("dong_code", .string, .required)
            .field("position", .int, .required)
            .field("verified_at", .datetime)
            .field("current", .bool, .required)
            .field("range", .string, .required)
            .unique(on: "account_id", "dong_code")
            .unique(on: "account_id", "position")
            .create()
        try await database.schema("market_keywords")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("keyword", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "account_id", "keyword")
            .create()
        // SQLite adds one column per statement.
        try await database.schema("market_products").field("dong_code", .string).update()
        try await database.schema("market_products").field("lat", .double).update()
        try await database.schema("market_products").field("long", .double).update()
        try await database.schema("market_products").field("hidden", .bool, .required, .sql(.default(false))).update()

        let sql = try database.sql()
        // A new column needs a default to be NOT NULL at once; every row then takes its listing time.
        if sql.dialect.name == "sqlite" {
            try await sql.raw("ALTER TABLE market_products ADD COLUMN bumped_at REAL NOT NULL DEFAULT 0").run()
            try await sql.raw("UPDATE market_products SET bumped_at = created_at").run()
        } else {
            try await sql.raw("ALTER TABLE market_products ADD COLUMN bumped_at TIMESTAMPTZ").run()
            try await sql.raw("UPDATE market_products SET bumped_at = created_at").run()
            try await sql.raw("ALTER TABLE market_products ALTER COLUMN bumped_at SET NOT NULL").run()
        }
        try await sql.raw("CREATE INDEX market_products_bumped ON market_products (bumped_at DESC, id DESC)").run()
        // Keyword alerts start from the people whose 동 is near a new listing.
        try await sql.raw("CREATE INDEX market_neighbourhoods_dong ON market_neighbourhoods (dong_code)").run()

        if sql.dialect.name == "sqlite" {
            try await sql.raw("CREATE VIRTUAL TABLE market_products_rtree USING rtree(id, min_lat, max_lat, min_long, max_long)").run()
            try await sql.raw("""
                CREATE TRIGGER market_products_rtree_insert AFTER INSERT ON market_products
                WHEN new.lat IS NOT NULL AND new.long IS NOT NULL BEGIN
                  INSERT INTO market_products_rtree VALUES (new.id, new.lat, new.lat, new.long, new.long);
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER market_products_rtree_update AFTER UPDATE OF lat, long ON market_products BEGIN
                  DELETE FROM market_products_rtree WHERE id = old.id;
                  INSERT INTO market_products_rtree SELECT new.id, new.lat, new.lat, new.long, new.long
                    WHERE new.lat IS NOT NULL AND new.long IS NOT NULL;
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER market_products_rtree_delete AFTER DELETE ON market_products BEGIN
                  DELETE FROM market_products_rtree WHERE id = old.id;
                END
                """).run()
        } else {
            try await sql.raw("""
                CREATE INDEX market_products_position ON market_products USING gist (point(long, lat))
                WHERE lat IS NOT NULL AND long IS NOT NULL
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            for trigger in ["insert", "update", "delete"] {
                try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: "market_products_rtree_" + trigger)").run()
            }
            try await sql.raw("DROP TABLE IF EXISTS market_products_rtree").run()
        } else {
            try await sql.raw("DROP INDEX IF EXISTS market_products_position").run()
        }
        try await sql.raw("DROP INDEX IF EXISTS market_products_bumped").run()
        for column in ["bumped_at", "hidden", "long", "lat", "dong_code"] {
            try await database.schema("market_products").deleteField(.key(.string(column))).update()
        }
        try await database.schema("market_keywords").delete()
        try await database.schema("market_neighbourhoods").delete()
    }
}
