import Foundation

extension Reading {
    /// `GET` and `PUT /api/reading/goals`: what the reader aims for; 0 is no goal.
    public struct Goals: Codable, Sendable, Equatable {
        public var yearlyBooks: Int
        public var dailyMinutes: Int

        public static let yearlyBooksRange = 0...1_000
        public static let dailyMinutesRange = 0...1_440

        public init(yearlyBooks: Int, dailyMinutes: Int) {
            self.yearlyBooks = yearlyBooks
            self.dailyMinutes = dailyMinutes
        }

        enum CodingKeys: String, CodingKey {
            case yearlyBooks = "yearly_books", dailyMinutes = "daily_minutes"
        }
    }

    public enum GoalField: String, Sendable, Hashable {
        case yearlyBooks = "yearly_books", dailyMinutes = "daily_minutes"
    }

    /// The goals in the statistics, with how far the reader is: books finished in the year asked,
    /// and seconds read today.
    public struct GoalProgress: Codable, Sendable, Equatable {
        public var yearlyBooks: Int
        public var booksFinished: Int
        public var dailyMinutes: Int
        public var todaySeconds: Int

        public init(yearlyBooks: Int, booksFinished: Int, dailyMinutes: Int, todaySeconds: Int) {
            self.yearlyBooks = yearlyBooks
            self.booksFinished = booksFinished
            self.dailyMinutes = dailyMinutes
            self.todaySeconds = todaySeconds
        }

        enum CodingKeys: String, CodingKey {
            case yearlyBooks = "yearly_books", booksFinished = "books_finished", dailyMinutes = "daily_minutes", todaySeconds = "today_seconds"
        }
    }
}
