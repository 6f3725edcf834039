import Fluent
import Platform

/// A reader's goals; no row means none set.
final class ReadingGoalsRow: Model, @unchecked Sendable {
    static let schema = "reading_goals"

    @ID(custom: "account_id", generatedBy: .user) var id: String?
    @Field(key: "yearly_books") var yearlyBooks: Int
    @Field(key: "daily_minutes") var dailyMinutes: Int

    init() {}

    init(accountID: String, yearlyBooks: Int, dailyMinutes: Int) {
        id = accountID
        self.yearlyBooks = yearlyBooks
        self.dailyMinutes = dailyMinutes
    }
}

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
