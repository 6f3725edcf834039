import Fluent
import Foundation
import Platform
import SQLKit
import SproutAPI

/// Loads what the statistics are computed from: the reader's sessions summed per day and book in
/// one grouped query, and the library's titles and finish days.
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
            finishedDays: books.compactMap(\.finished_on),
            timeZone: calendar.timeZoneName,
            goals: try await goals.goals(of: accountID, on: db)
        )
        return statistics.stats(year: year, month: month, today: calendar.day(of: now))
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
