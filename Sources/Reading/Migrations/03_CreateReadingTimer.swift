import Fluent

struct CreateReadingTimer: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_timers")
            .field("account_id", .string, .identifier(auto: false), .references("accounts", "id", onDelete: .cascade))
            .field("book_id", .string, .required, .references("reading_books", "id", onDelete: .cascade))
            .field("started_at", .datetime, .required)
            .field("running_since", .datetime)
            .field("banked", .string, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_timers").delete()
    }
}
