import Fluent
import SQLKit

/// Posts and comments the operator hid (`LessonsModeration`): when, or NULL. The partial indexes
/// hold only hidden rows, so finding whose things are hidden reads a handful of rows, not the tables.
struct AddOperatorRemovals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lessons_posts").field("removed_at", .datetime).update()
        try await database.schema("lessons_comments").field("removed_at", .datetime).update()
        let sql = try database.sql()
        for (name, table) in Self.indexes {
            try await sql.raw("CREATE INDEX \(ident: name) ON \(ident: table) (creator_id) WHERE removed_at IS NOT NULL").run()
        }
    }

    static let indexes = [
        ("lessons_posts_removed", "lessons_posts"),
        ("lessons_comments_removed", "lessons_comments"),
    ]

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for (name, _) in Self.indexes {
            try await sql.raw("DROP INDEX \(ident: name)").run()
        }
        try await database.schema("lessons_comments").deleteField("removed_at").update()
        try await database.schema("lessons_posts").deleteField("removed_at").update()
    }
}
