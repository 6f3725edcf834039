import Fluent
import Platform

struct CreateReadingGoals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReadingGoalsRow.schema)
            .field("account_id", .string, .identifier(auto: false), .references(Account.schema, "id", onDelete: .cascade))
            .field("yearly_books", .int, .required)
            .field("daily_minutes", .int, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReadingGoalsRow.schema).delete()
    }
}
