import Fluent
import SproutAPI

/// A reader's yearly goal of books and daily goal of minutes.
struct ReadingGoals: Sendable {
    func goals(of accountID: String, on db: any Database) async throws -> Reading.Goals {
        let row = try await ReadingGoalsRow.find(accountID, on: db)
        return Reading.Goals(yearlyBooks: row?.yearlyBooks ?? 0, dailyMinutes: row?.dailyMinutes ?? 0)
    }

    /// Sets both goals; two devices setting them at once leave one of the two whole.
    func set(_ goals: Reading.Goals, for accountID: String, on db: any Database) async throws -> Reading.Goals {
        do {
            return try await write(goals, for: accountID, on: db)
        } catch let error where (error as? any DatabaseError)?.isConstraintFailure == true {
            // The other device created the row first; this one's goals replace its.
            return try await write(goals, for: accountID, on: db)
        }
    }

    private func write(_ goals: Reading.Goals, for accountID: String, on db: any Database) async throws -> Reading.Goals {
        var violations: [Reading.GoalField: ClosedRange<Int>] = [:]
        if !Reading.Goals.yearlyBooksRange.contains(goals.yearlyBooks) { violations[.yearlyBooks] = Reading.Goals.yearlyBooksRange }
        if !Reading.Goals.dailyMinutesRange.contains(goals.dailyMinutes) { violations[.dailyMinutes] = Reading.Goals.dailyMinutesRange }
        guard violations.isEmpty else { throw ReadingError.invalidGoals(violations) }
        try await db.writeTransaction { db in
            if let row = try await ReadingGoalsRow.find(accountID, on: db) {
                row.yearlyBooks = goals.yearlyBooks
                row.dailyMinutes = goals.dailyMinutes
                try await row.update(on: db)
            } else {
                try await ReadingGoalsRow(accountID: accountID, yearlyBooks: goals.yearlyBooks, dailyMinutes: goals.dailyMinutes).create(on: db)
            }
        }
        return goals
    }
}
