import Fluent
import Platform
import SQLKit

/// Photos kept for refused memos, found by reader and swept by age.
struct CreateReadingPendingPhotos: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_pending_photos")
            .field("id", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("book_id", .string, .required, .references("reading_books", "id", onDelete: .cascade))
            .field("photo", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX reading_pending_photos_account ON reading_pending_photos (account_id, created_at)").run()
        try await sql.raw("CREATE INDEX reading_pending_photos_book ON reading_pending_photos (book_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_pending_photos").delete()
    }
}
