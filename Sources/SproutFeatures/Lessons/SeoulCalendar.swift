import Foundation

/// Lessons are opened, booked and taken in Asia/Seoul, which keeps UTC+9 all year (no daylight
/// saving since 1988): the booking screens count days and weeks by that fixed offset, whatever
/// the device's own time zone, as the server does.
public enum SeoulCalendar {
    /// A day of the week as a lesson's week lists them, Monday first.
    public enum Weekday: Int, Sendable, CaseIterable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    }

    static let offset: TimeInterval = 9 * 3600
    static let dayLength: TimeInterval = 86_400
    static let weekLength: TimeInterval = 7 * 86_400

    /// Midnight in Seoul of the day `date` falls on.
    public static func startOfDay(_ date: Date) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day(of: date)) * dayLength - offset)
    }

    /// Midnight in Seoul of the Monday of `date`'s week.
    public static func monday(of date: Date) -> Date {
        startOfDay(date).addingTimeInterval(-TimeInterval(weekday(of: date).rawValue) * dayLength)
    }

    /// The day of the week `date` falls on in Seoul.
    public static func weekday(of date: Date) -> Weekday {
        // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on Mondays.
        Weekday(rawValue: ((day(of: date) + 3) % 7 + 7) % 7) ?? .monday
    }

    /// Days since 1970-01-01 in Seoul.
    private static func day(of date: Date) -> Int {
        Int(((date.timeIntervalSince1970 + offset) / dayLength).rounded(.down))
    }
}
