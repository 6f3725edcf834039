import Fluent

/// Gives comments a place for a review's stars.
struct AddCommentRating: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lessons_comments").field("rating", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("lessons_comments").deleteField("rating").update()
    }
}
