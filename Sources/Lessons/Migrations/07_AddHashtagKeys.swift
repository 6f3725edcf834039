import Fluent
import Foundation
import SQLKit

/// Hashtags are found whatever their case: each gets the key it is found by (`Hashtags.key`),
/// those already there included, and an index to find posts by it.
struct AddHashtagKeys: AsyncMigration {
    private struct Row: Decodable {
        let id: Int
        let tag: String
    }

    func prepare(on database: any Database) async throws {
        try await database.schema("lessons_hashtags").field("tag_key", .string).update()
        let sql = try database.sql()
        for row in try await sql.select().columns("id", "tag").from("lessons_hashtags").all(decoding: Row.self) {
            try await sql.update("lessons_hashtags").set("tag_key", to: SQLBind(row.tag.folding(options: .caseInsensitive, locale: nil)))
                .where("id", .equal, SQLBind(row.id)).run()
        }
        try await sql.raw("CREATE INDEX lessons_hashtags_key ON lessons_hashtags (tag_key, post_seq)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().raw("DROP INDEX lessons_hashtags_key").run()
        try await database.schema("lessons_hashtags").deleteField("tag_key").update()
    }
}
