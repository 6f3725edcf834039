import Fluent

/// Gives comments a place for a review's stars.
struct AddCommentRating: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LessonComment.schema).field("rating", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LessonComment.schema).deleteField("rating").update()
    }
}
