import Fluent
import SQLKit

/// The queue and its spatial index: on SQLite an R*Tree kept in step by triggers, on PostgreSQL a
/// GiST index over `point(long, lat)`. Nearby search asks the index for a bounding box and never
/// scans the queue.
struct CreateQueueEntry: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_queue")
            .field("id", .int, .identifier(auto: true))
            .field("uid", .string, .required, .references("study_profiles", "uid", onDelete: .cascade))
            .field("lat", .double, .required)
            .field("long", .double, .required)
            .field("studylist", .array(of: .string), .required)
            .field("queued_at", .datetime, .required)
            .unique(on: "uid")
            .create()
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            try await sql.raw("CREATE VIRTUAL TABLE study_queue_rtree USING rtree(id, min_lat, max_lat, min_long, max_long)").run()
            try await sql.raw("""
                CREATE TRIGGER study_queue_rtree_insert AFTER INSERT ON study_queue BEGIN
                  INSERT INTO study_queue_rtree VALUES (new.id, new.lat, new.lat, new.long, new.long);
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER study_queue_rtree_update AFTER UPDATE OF lat, long ON study_queue BEGIN
                  UPDATE study_queue_rtree SET min_lat = new.lat, max_lat = new.lat, min_long = new.long, max_long = new.long WHERE id = new.id;
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER study_queue_rtree_delete AFTER DELETE ON study_queue BEGIN
                  DELETE FROM study_queue_rtree WHERE id = old.id;
                END
                """).run()
        } else {
            try await sql.raw("CREATE INDEX study_queue_position ON study_queue USING gist (point(long, lat))").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            try await sql.raw("DROP TABLE IF EXISTS study_queue_rtree").run()
        }
        try await database.schema("study_queue").delete()
    }
}
