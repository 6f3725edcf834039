import Fluent

struct CreateReadingGoals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_goals")
            .field("account_id", .string, .identifier(auto: false), .references("accounts", "id", onDelete: .cascade))
            .field("yearly_books", .int, .required)
            .field("daily_minutes", .int, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reading_goals").delete()
    }
}
