import Foundation
import SproutAPI

/// The statistics screen's figures, computed from a reader's reading per day and book: a pure
/// function of what was recorded, so it is tested without a database.
struct ReadingStatistics {
    /// Reading of one book on one day.
    struct Entry: Equatable {
        var day: String
        var bookID: String
        var seconds: Int
        var sessions: Int
    }

    /// A reading finished on `day`; `reread` when it was a book's second reading or later.
    struct Finish: Equatable {
        var day: String
        var reread: Bool
    }

    var entries: [Entry]
    var titles: [String: String]
    /// Every finished reading in the library: the books' `finished_on` and their past readings'.
    var finishes: [Finish]
    var timeZone: String
    var goals: Reading.Goals

    func stats(year: Int, month: Int, today: String) -> Reading.Stats {
        let yearPrefix = String(format: "%04d-", year)
        let monthPrefix = String(format: "%04d-%02d-", year, month)
        let ofYear = entries.filter { $0.day.hasPrefix(yearPrefix) }
        let ofMonth = ofYear.filter { $0.day.hasPrefix(monthPrefix) }

        let byDay = Dictionary(grouping: ofMonth, by: \.day)
        let days = (1...Reading.BookRules.daysIn(month: month, year: year)).map { date in
            let day = ReadingCalendar.day(year: year, month: month, day: date)
            let entries = byDay[day] ?? []
            return Reading.DayTotal(day: day, seconds: entries.reduce(0) { $0 + $1.seconds }, sessions: entries.reduce(0) { $0 + $1.sessions })
        }
        let byMonth = Dictionary(grouping: ofYear) { Int($0.day.dropFirst(5).prefix(2)) ?? 0 }
        let months = (1...12).map { Reading.MonthTotal(month: $0, seconds: (byMonth[$0] ?? []).reduce(0) { $0 + $1.seconds }) }
        let books = Dictionary(grouping: ofYear, by: \.bookID)
            .map { Reading.BookTotal(bookID: $0.key, title: titles[$0.key] ?? "", seconds: $0.value.reduce(0) { $0 + $1.seconds }) }
            .sorted { ($0.seconds, $1.title, $1.bookID) > ($1.seconds, $0.title, $0.bookID) }

        let finishedInYear = finishes.filter { $0.day.hasPrefix(yearPrefix) }
        let finishedInMonth = finishedInYear.filter { $0.day.hasPrefix(monthPrefix) }
        return Reading.Stats(
            year: year, month: month, timeZone: timeZone, days: days, months: months, books: books,
            totals: Reading.Totals(
                monthSeconds: ofMonth.reduce(0) { $0 + $1.seconds }, yearSeconds: ofYear.reduce(0) { $0 + $1.seconds },
                allTimeSeconds: entries.reduce(0) { $0 + $1.seconds }
            ),
            streak: streak(today: today),
            booksFinished: Reading.BooksFinished(month: finishedInMonth.count, year: finishedInYear.count),
            goals: Reading.GoalProgress(
                yearlyBooks: goals.yearlyBooks, booksFinished: finishedInYear.count, dailyMinutes: goals.dailyMinutes,
                todaySeconds: entries.filter { $0.day == today }.reduce(0) { $0 + $1.seconds }
            ),
            rereads: Reading.BooksFinished(month: finishedInMonth.filter(\.reread).count, year: finishedInYear.filter(\.reread).count)
        )
    }

    private func streak(today: String) -> Reading.Streak {
        let readDays = Set(entries.filter { $0.seconds > 0 }.map(\.day))
        var longest = 0
        for day in readDays where !readDays.contains(ReadingCalendar.previous(day)) {
            longest = max(longest, run(startingOn: day, in: readDays))
        }
        var current = 0
        var cursor = readDays.contains(today) ? today : ReadingCalendar.previous(today)
        while readDays.contains(cursor) {
            current += 1
            cursor = ReadingCalendar.previous(cursor)
        }
        return Reading.Streak(current: current, longest: longest)
    }

    /// The length of the run of consecutive days that begins on `first`.
    private func run(startingOn first: String, in days: Set<String>) -> Int {
        var length = 0
        var cursor = first
        while days.contains(cursor) {
            length += 1
            cursor = ReadingCalendar.next(cursor)
        }
        return length
    }
}
