import Fluent

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
