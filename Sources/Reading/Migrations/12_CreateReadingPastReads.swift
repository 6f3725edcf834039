import Fluent
import Platform
import SQLKit

/// The readings of a book before its current one; one per number, so two devices starting the
/// same book again at once keep one.
struct CreateReadingPastReads: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_past_reads")
            .field("id", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("book_id", .string, .required, .references("reading_books", "id", onDelete: .cascade))
            .field("number", .int, .required)
            .field("started_on", .string)
            .field("finished_on", .string)
            .field("kept_at", .datetime, .required)
            .unique(on: "book_id", "number")
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX reading_past_reads_account ON reading_past_reads (account_id, finished_on)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_past_reads").delete()
    }
}
