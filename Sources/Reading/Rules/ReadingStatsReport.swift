import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit
import SproutAPI

/// Loads what the statistics are computed from: the reader's sessions summed per day and book in
/// one grouped query, the library's titles, and the days each reading was finished (the books'
/// and their past readings').
struct ReadingStatsReport: Sendable {
    let clock: WallClock
    let calendar: ReadingCalendar
    let goals: ReadingGoals

    /// Years a reader may ask about.
    static let years = 1900...9999

    /// The month asked, or this one; the year asked, or this one (in the reading time zone).
    func stats(for accountID: String, year: Int?, month: Int?, on db: any Database) async throws -> Reading.Stats {
        try await stats(for: accountID, year: year, month: month, at: clock.now(), on: db)
    }

    /// The statistics as they stand at `now`, which decides the default year and month and the
    /// current streak.
    func stats(for accountID: String, year: Int?, month: Int?, at now: Date, on db: any Database) async throws -> Reading.Stats {
        let current = calendar.yearAndMonth(of: now)
        let year = year ?? current.year
        let month = month ?? (year == current.year ? current.month : 1)
        guard Self.years.contains(year) else { throw ReadingError.badQuery("year must be \(Self.years.lowerBound) to \(Self.years.upperBound)") }
        guard (1...12).contains(month) else { throw ReadingError.badQuery("month must be 1 to 12") }

        let books = try await titles(of: accountID, on: db)
        let statistics = ReadingStatistics(
            entries: try await entries(of: accountID, on: db),
            titles: Dictionary(books.map { ($0.id, $0.title) }) { first, _ in first },
            finishes: try await finishes(of: books, for: accountID, on: db),
            timeZone: calendar.timeZoneName,
            goals: try await goals.goals(of: accountID, on: db)
        )
        return statistics.stats(year: year, month: month, today: calendar.day(of: now))
    }

    /// The yearly goal as the shelves show it: the books aimed for this year, and the readings
    /// finished in it (re-reads count again, as in the statistics).
    struct YearGoal: Equatable {
        let year: Int
        let books: Int
        let finished: Int
    }

    func yearGoal(for accountID: String, on db: any Database) async throws -> YearGoal {
        let year = calendar.yearAndMonth(of: clock.now()).year
        let books = try await goals.goals(of: accountID, on: db).yearlyBooks
        guard books > 0 else { return YearGoal(year: year, books: 0, finished: 0) }
        let prefix = String(format: "%04d-", year)
        let finished = try await finishes(of: try await titles(of: accountID, on: db), for: accountID, on: db).filter { $0.day.hasPrefix(prefix) }.count
        return YearGoal(year: year, books: books, finished: finished)
    }

    private struct PastFinish: Decodable {
        let book_id: String
        let number: Int
        let finished_on: String?
    }

    /// Every finished reading: the past ones kept when a book was read again (a re-read from the
    /// second on), and each book's current one, a re-read when readings were kept before it.
    private func finishes(of books: [TitleRow], for accountID: String, on db: any Database) async throws -> [ReadingStatistics.Finish] {
        let sql = try db.sql()
        let past = try await sql.select().columns("book_id", "number", "finished_on").from(PastRead.schema)
            .where("account_id", .equal, accountID).all(decoding: PastFinish.self)
        let readsBefore = Dictionary(grouping: past, by: \.book_id).mapValues(\.count)
        return past.compactMap { read in read.finished_on.map { ReadingStatistics.Finish(day: $0, reread: read.number > 1) } }
            + books.compactMap { book in book.finished_on.map { ReadingStatistics.Finish(day: $0, reread: readsBefore[book.id] != nil) } }
    }

    private struct TitleRow: Decodable {
        let id: String
        let title: String
        let finished_on: String?
    }

    /// Plain rows, not Fluent's models: a library of hundreds of books is read on every request.
    private func titles(of accountID: String, on db: any Database) async throws -> [TitleRow] {
        let sql = try db.sql()
        return try await sql.select().columns("id", "title", "finished_on").from(ReadingBook.schema)
            .where("account_id", .equal, accountID).all(decoding: TitleRow.self)
    }

    private func entries(of accountID: String, on db: any Database) async throws -> [ReadingStatistics.Entry] {
        let sql = try db.sql()
        // SUM of a BIGINT is NUMERIC on PostgreSQL; the cast keeps it an integer on both databases.
        let rows = try await sql.raw("""
            SELECT day, book_id, CAST(SUM(seconds) AS BIGINT) AS seconds, COUNT(*) AS sessions
            FROM reading_sessions WHERE account_id = \(bind: accountID) GROUP BY day, book_id
            """).all()
        return try rows.map { row in
            ReadingStatistics.Entry(
                day: try row.decode(column: "day", as: String.self), bookID: try row.decode(column: "book_id", as: String.self),
                seconds: try row.decode(column: "seconds", as: Int.self), sessions: try row.decode(column: "sessions", as: Int.self)
            )
        }
    }
}
