import Foundation

extension Reading {
    /// `GET /api/reading/stats?year=&month=`: the calendar of one month, the chart of one year
    /// (years are never merged), the books read that year, all-time totals and streaks. Every
    /// time is in seconds; days are calendar days in the server's reading time zone.
    public struct Stats: Codable, Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var timeZone: String
        /// Every day of the month, zeros included.
        public var days: [DayTotal]
        /// The twelve months of the year, zeros included.
        public var months: [MonthTotal]
        /// Books read during the year, most time first.
        public var books: [BookTotal]
        public var totals: Totals
        public var streak: Streak
        public var booksFinished: BooksFinished
        public var goals: GoalProgress

        public init(
            year: Int, month: Int, timeZone: String, days: [DayTotal], months: [MonthTotal], books: [BookTotal], totals: Totals, streak: Streak,
            booksFinished: BooksFinished, goals: GoalProgress
        ) {
            self.year = year
            self.month = month
            self.timeZone = timeZone
            self.days = days
            self.months = months
            self.books = books
            self.totals = totals
            self.streak = streak
            self.booksFinished = booksFinished
            self.goals = goals
        }

        enum CodingKeys: String, CodingKey {
            case year, month, timeZone = "time_zone", days, months, books, totals, streak, booksFinished = "books_finished", goals
        }
    }

    public struct DayTotal: Codable, Sendable, Equatable {
        public var day: String
        public var seconds: Int
        /// Timer stops recorded on the day (the calendar's dots).
        public var sessions: Int

        public init(day: String, seconds: Int, sessions: Int) {
            self.day = day
            self.seconds = seconds
            self.sessions = sessions
        }
    }

    public struct MonthTotal: Codable, Sendable, Equatable {
        public var month: Int
        public var seconds: Int

        public init(month: Int, seconds: Int) {
            self.month = month
            self.seconds = seconds
        }
    }

    public struct BookTotal: Codable, Sendable, Equatable {
        public var bookID: String
        public var title: String
        public var seconds: Int

        public init(bookID: String, title: String, seconds: Int) {
            self.bookID = bookID
            self.title = title
            self.seconds = seconds
        }

        enum CodingKeys: String, CodingKey {
            case bookID = "book_id", title, seconds
        }
    }

    public struct Totals: Codable, Sendable, Equatable {
        public var monthSeconds: Int
        public var yearSeconds: Int
        public var allTimeSeconds: Int

        public init(monthSeconds: Int, yearSeconds: Int, allTimeSeconds: Int) {
            self.monthSeconds = monthSeconds
            self.yearSeconds = yearSeconds
            self.allTimeSeconds = allTimeSeconds
        }

        enum CodingKeys: String, CodingKey {
            case monthSeconds = "month_seconds", yearSeconds = "year_seconds", allTimeSeconds = "all_time_seconds"
        }
    }

    /// Runs of consecutive days with any reading. The current run still counts when today has
    /// no reading yet but yesterday had (the day is not over).
    public struct Streak: Codable, Sendable, Equatable {
        public var current: Int
        public var longest: Int

        public init(current: Int, longest: Int) {
            self.current = current
            self.longest = longest
        }
    }

    /// Books whose `finished_on` falls in the month and in the year asked.
    public struct BooksFinished: Codable, Sendable, Equatable {
        public var month: Int
        public var year: Int

        public init(month: Int, year: Int) {
            self.month = month
            self.year = year
        }
    }
}
