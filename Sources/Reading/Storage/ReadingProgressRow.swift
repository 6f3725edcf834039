import Fluent
import Foundation
import Platform

/// One progress update on a reader's book: the page reached, or how far in percent, on a
/// calendar day. Removing the book removes its updates (the database cascades).
final class ReadingProgressRow: Model, @unchecked Sendable {
    static let schema = "reading_progress"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    @Parent(key: "book_id") var book: ReadingBook
    /// The reading it belongs to (1 the first; a re-read's updates start again from page 0).
    @Field(key: "read_number") var readNumber: Int
    /// `yyyy-MM-dd` in the reading time zone.
    @Field(key: "day") var day: String
    @OptionalField(key: "page") var page: Int?
    /// 0 to 100: the percent given, or the page's share of the book's pages when it was recorded,
    /// so a later change to the book's pages does not rewrite the timeline.
    @Field(key: "percent") var percent: Int
    @Field(key: "recorded_at") var recordedAt: Date
    /// Its place in the book's timeline, 1 the first: two updates in one second keep their order.
    @Field(key: "sequence") var sequence: Int

    init() {}

    init(id: String, accountID: String, bookID: String, readNumber: Int, day: String, page: Int?, percent: Int, recordedAt: Date, sequence: Int) {
        self.id = id
        $account.id = accountID
        $book.id = bookID
        self.readNumber = readNumber
        self.day = day
        self.page = page
        self.percent = percent
        self.recordedAt = recordedAt
        self.sequence = sequence
    }
}
