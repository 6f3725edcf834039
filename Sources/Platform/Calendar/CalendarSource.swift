import Fluent
import Foundation
import NIOConcurrencyHelpers

/// One event of a person's calendar feed: a lesson session, an appointment.
public struct CalendarEntry: Sendable, Equatable {
    /// Stable across reads, so a calendar app updates the event instead of adding another.
    public let uid: String
    public let title: String
    public let starts: Date
    public let ends: Date
    public let location: String?
    public let detail: String?
    /// The web page about it, a path (`/lessons/enrolments/…`).
    public let path: String
    /// A cancelled event stays in the feed as cancelled, so subscribed calendars drop it.
    public let cancelled: Bool
    /// When it last changed: calendars compare it to know the event moved.
    public let updated: Date

    public init(uid: String, title: String, starts: Date, ends: Date, location: String?, detail: String?, path: String, cancelled: Bool, updated: Date) {
        self.uid = uid
        self.title = title
        self.starts = starts
        self.ends = ends
        self.location = location
        self.detail = detail
        self.path = path
        self.cancelled = cancelled
        self.updated = updated
    }
}

/// A module's answer to "what is on this person's calendar" (`AppModule.calendarSource`), so the
/// platform's feed never reads an app's tables.
public protocol CalendarSource: Sendable {
    func entries(of accountID: String, on db: any Database) async throws -> [CalendarEntry]
}

/// The modules' sources, filled once the modules are built (they are built after the platform).
public final class CalendarSources: Sendable {
    private let sources = NIOLockedValueBox<[any CalendarSource]>([])

    public init() {}

    public func register(_ more: [any CalendarSource]) {
        sources.withLockedValue { $0 += more }
    }

    func entries(of accountID: String, on db: any Database) async throws -> [CalendarEntry] {
        var entries: [CalendarEntry] = []
        for source in sources.withLockedValue({ $0 }) {
            entries += try await source.entries(of: accountID, on: db)
        }
        return entries.sorted { $0.starts < $1.starts }
    }
}
