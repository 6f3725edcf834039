import Fluent

struct CreateReadingBook: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_books")
            .field("id", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("identity", .string, .required)
            .field("isbn13", .string)
            .field("title", .string, .required)
            .field("author", .string, .required)
            .field("publisher", .string, .required)
            .field("description", .string, .required)
            .field("cover", .string, .required)
            .field("link", .string, .required)
            .field("category", .string, .required)
            .field("pages", .int, .required)
            .field("status", .string, .required)
            .field("rating", .int, .required)
            .field("title_key", .string, .required)
            .field("search_key", .string, .required)
            .field("added_at", .datetime, .required)
            .field("started_on", .string)
            .field("finished_on", .string)
            .field("reading_seconds", .int64, .required)
            .unique(on: "account_id", "identity")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_books").delete()
    }
}
