import Fluent
import Foundation

/// An account's one timer, running or paused (no row: idle). Keyed by the account, so two starts
/// at once cannot make two timers.
final class ReadingTimerRow: Model, @unchecked Sendable {
    static let schema = "reading_timers"

    @ID(custom: "account_id", generatedBy: .user) var id: String?
    @Parent(key: "book_id") var book: ReadingBook
    @Field(key: "started_at") var startedAt: Date
    /// When the current run began; nil while paused.
    @OptionalField(key: "running_since") var runningSince: Date?
    /// Seconds timed in earlier runs (before each pause), per calendar day, as JSON
    /// (`{"2026-01-01": 1200}`): each run is split at midnight when it ends, so a stop can record
    /// every day exactly however the pauses fell.
    @Field(key: "banked") var banked: String

    init() {}

    init(accountID: String, bookID: String, startedAt: Date) {
        id = accountID
        $book.id = bookID
        self.startedAt = startedAt
        runningSince = startedAt
        banked = "{}"
    }
}
