import Fluent
import Foundation
import Platform

/// Reading timed on one calendar day (the app's `Stats` row). One stop of the timer makes one row
/// per day it ran on, so a session across midnight counts on both days.
final class ReadingSession: Model, @unchecked Sendable {
    static let schema = "reading_sessions"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    @Parent(key: "book_id") var book: ReadingBook
    /// `yyyy-MM-dd` in the reading time zone: statistics group by it without date arithmetic in SQL.
    @Field(key: "day") var day: String
    @Field(key: "seconds") var seconds: Int
    @Field(key: "recorded_at") var recordedAt: Date

    init() {}

    init(id: String, accountID: String, bookID: String, day: String, seconds: Int, recordedAt: Date) {
        self.id = id
        $account.id = accountID
        $book.id = bookID
        self.day = day
        self.seconds = seconds
        self.recordedAt = recordedAt
    }
}
