import Fluent
import Platform
import SQLKit

/// Progress updates: a book's timeline reads them newest first (by their place in it), the shelves each book's
/// newest by reader.
struct CreateReadingProgress: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_progress")
            .field("id", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("book_id", .string, .required, .references("reading_books", "id", onDelete: .cascade))
            .field("read_number", .int, .required)
            .field("day", .string, .required)
            .field("page", .int)
            .field("percent", .int, .required)
            .field("recorded_at", .datetime, .required)
            .field("sequence", .int, .required)
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX reading_progress_book ON reading_progress (book_id, sequence)").run()
        try await sql.raw("CREATE INDEX reading_progress_account ON reading_progress (account_id, book_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_progress").delete()
    }
}
