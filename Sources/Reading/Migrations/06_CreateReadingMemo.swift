import Fluent
import Platform
import SQLKit

struct CreateReadingMemo: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_memos")
            .field("id", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("book_id", .string, .required, .references("reading_books", "id", onDelete: .cascade))
            .field("page", .int)
            .field("text", .string, .required)
            .field("photo", .string)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX reading_memos_book ON reading_memos (book_id, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_memos").delete()
    }
}
