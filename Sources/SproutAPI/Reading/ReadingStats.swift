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
        /// Of those, the readings that were re-reads (a book's second reading or later).
        public var rereads: BooksFinished
        public var goals: GoalProgress

        public init(
            year: Int, month: Int, timeZone: String, days: [DayTotal], months: [MonthTotal], books: [BookTotal], totals: Totals, streak: Streak,
            booksFinished: BooksFinished, goals: GoalProgress, rereads: BooksFinished = BooksFinished(month: 0, year: 0)
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
            self.rereads = rereads
            self.goals = goals
        }

        enum CodingKeys: String, CodingKey {
            case year, month, timeZone = "time_zone", days, months, books, totals, streak, booksFinished = "books_finished", rereads, goals
        }

        /// A server from before re-reads were counted sends no `rereads`: none, then.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            year = try container.decode(Int.self, forKey: .year)
            month = try container.decode(Int.self, forKey: .month)
            timeZone = try container.decode(String.self, forKey: .timeZone)
            days = try container.decode([DayTotal].self, forKey: .days)
            months = try container.decode([MonthTotal].self, forKey: .months)
            books = try container.decode([BookTotal].self, forKey: .books)
            totals = try container.decode(Totals.self, forKey: .totals)
            streak = try container.decode(Streak.self, forKey: .streak)
            booksFinished = try container.decode(BooksFinished.self, forKey: .booksFinished)
            rereads = try container.decodeIfPresent(BooksFinished.self, forKey: .rereads) ?? BooksFinished(month: 0, year: 0)
            goals = try container.decode(GoalProgress.self, forKey: .goals)
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

    /// Readings finished in the month and in the year asked: each book's current reading by its
    /// `finished_on`, and each earlier reading kept when it was read again, so a book read twice
    /// in a year counts twice.
    public struct BooksFinished: Codable, Sendable, Equatable {
        public var month: Int
        public var year: Int

        public init(month: Int, year: Int) {
            self.month = month
            self.year = year
        }
    }
}
