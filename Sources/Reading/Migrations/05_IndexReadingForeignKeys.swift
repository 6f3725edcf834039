import Fluent
import SQLKit

/// Indexes for the lookups by parent: a reader's shelf in each order, a reader's sessions by day,
/// a book's sessions (its deletion cascades through them).
struct IndexReadingForeignKeys: AsyncMigration {
    static let indexes = [
        ("reading_books_added", "reading_books", "account_id, added_at"),
        ("reading_books_title", "reading_books", "account_id, title_key"),
        ("reading_sessions_day", "reading_sessions", "account_id, day"),
        ("reading_sessions_book", "reading_sessions", "book_id"),
        ("reading_timers_book", "reading_timers", "book_id"),
    ]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        for (name, table, columns) in Self.indexes {
            try await sql.raw("CREATE INDEX \(unsafeRaw: name) ON \(unsafeRaw: table) (\(unsafeRaw: columns))").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for (name, _, _) in Self.indexes {
            try await sql.raw("DROP INDEX \(unsafeRaw: name)").run()
        }
    }
}
