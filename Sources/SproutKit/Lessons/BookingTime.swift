import Foundation

/// How the booking API writes a moment: a UTC instant to the second, `2026-12-01T10:00:00Z`.
/// Slots and bookings carry their times so, and a client sends `from`, `to` and `starts_at` so;
/// the server turns them into Seoul days and hours itself.
public enum BookingTime {
    /// `date` as the API writes it, to the second.
    public static func wire(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }

    /// The moment a slot's or a booking's time names; nil for text that is not one.
    public static func date(_ wire: String) -> Date? {
        try? Date.ISO8601FormatStyle().parse(wire)
    }
}
