import Fluent
import Platform

struct CreateReadingTimer: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReadingTimerRow.schema)
            .field("account_id", .string, .identifier(auto: false), .references(Account.schema, "id", onDelete: .cascade))
            .field("book_id", .string, .required, .references(ReadingBook.schema, "id", onDelete: .cascade))
            .field("started_at", .datetime, .required)
            .field("running_since", .datetime)
            .field("banked", .string, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReadingTimerRow.schema).delete()
    }
}
