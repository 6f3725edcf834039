import Foundation
import Platform
import PlatformCore

/// Dates as the study clients send them (spec §2 and "disagreements" 6): ISO 8601 with or without
/// milliseconds, `Z` or a `+0900`/`+09:00` offset, Swift's `Date` description
/// (`2000-01-01 00:00:00 +0000`), or a bare day. Parsed by hand: the original server accepted all
/// of these through JavaScript's lenient `Date`, and no single Foundation formatter does.
enum StudyDate {
    // A Regex literal is immutable once built; Swift just cannot prove it Sendable.
    nonisolated(unsafe) private static let pattern = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/

    static func parse(_ text: String) -> Date? {
        guard let match = text.trimmingCharacters(in: .whitespaces).wholeMatch(of: pattern),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
              (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day)
        else { return nil }
        let hour = match.4.flatMap { Int($0) } ?? 0
        let minute = match.5.flatMap { Int($0) } ?? 0
        let second = match.6.flatMap { Int($0) } ?? 0
        guard hour < 24, minute < 60, second < 60 else { return nil }
        let fraction = match.7.map { Double("0." + $0) ?? 0 } ?? 0
        guard let offset = offsetSeconds(match.8.map(String.init)) else { return nil }
        let days = UTCTimestamp.days(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    private static func offsetSeconds(_ text: String?) -> Int? {
        guard let text, text != "Z" else { return 0 }
        let digits = text.dropFirst().filter(\.isNumber)
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
              hours <= 14, minutes < 60 else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        return text.hasPrefix("-") ? -magnitude : magnitude
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Full years between `birth` and `now` as counted in Korea (만 나이), on Korean dates: a
    /// birthday picked on a phone in Seoul arrives as the previous day at 15:00 UTC.
    static func age(bornAt birth: Date, on now: Date) -> Int {
        let korea = TimeZone(secondsFromGMT: 9 * 3600) ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = korea
        return calendar.dateComponents([.year], from: birth, to: now).year ?? 0
    }
}
