import Fluent

struct CreateReadingSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_sessions")
            .field("id", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("book_id", .string, .required, .references("reading_books", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("seconds", .int64, .required)
            .field("recorded_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_sessions").delete()
    }
}
