import Foundation
import SproutAPI

/// Calendar days in the reading time zone: a session counts on the day the reader lived it, and
/// one that runs past midnight is split between the days.
struct ReadingCalendar: Sendable {
    let timeZone: TimeZone
    /// The zone as configured (Foundation on Linux calls UTC "GMT").
    let timeZoneName: String
    private let calendar: Calendar

    init(timeZone: TimeZone, name: String) {
        self.timeZone = timeZone
        timeZoneName = name
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// `yyyy-MM-dd` of the day `date` falls on.
    func day(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return Self.day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The first moment of a real `yyyy-MM-dd` day in the reading time zone.
    func start(of day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard Reading.BookRules.isDay(day), parts.count == 3 else { return nil }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    func yearAndMonth(of date: Date) -> (year: Int, month: Int) {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return (parts.year ?? 1970, parts.month ?? 1)
    }

    static func day(year: Int, month: Int, day: Int) -> String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// The whole seconds of `[start, end)` on each day they fall on, in order. Midnights come
    /// from the calendar, so a day of 23 or 25 hours splits where the clock says.
    func split(from start: Date, to end: Date) -> [(day: String, seconds: Int)] {
        guard end > start else { return [] }
        var pieces: [(day: String, seconds: Int)] = []
        var cursor = start
        while cursor < end {
            let midnight = calendar.nextDate(after: cursor, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime) ?? end
            let pieceEnd = min(midnight, end)
            let seconds = Int(pieceEnd.timeIntervalSince(cursor).rounded(.down))
            if seconds > 0 { pieces.append((day(of: cursor), seconds)) }
            cursor = pieceEnd
        }
        return pieces
    }

    /// The day before `day` (`yyyy-MM-dd`), by calendar arithmetic.
    static func previous(_ day: String) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "" }
        var (year, month, date) = (parts[0], parts[1], parts[2] - 1)
        if date == 0 {
            month -= 1
            if month == 0 {
                month = 12
                year -= 1
            }
            date = Reading.BookRules.daysIn(month: month, year: year)
        }
        return Self.day(year: year, month: month, day: date)
    }

    /// The day after `day` (`yyyy-MM-dd`).
    static func next(_ day: String) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "" }
        var (year, month, date) = (parts[0], parts[1], parts[2] + 1)
        if date > Reading.BookRules.daysIn(month: month, year: year) {
            date = 1
            month += 1
            if month == 13 {
                month = 1
                year += 1
            }
        }
        return Self.day(year: year, month: month, day: date)
    }
}
