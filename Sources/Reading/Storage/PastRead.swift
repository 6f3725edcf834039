import Fluent
import Foundation
import Platform

/// A reading of a book before the current one, kept when a finished book is read again: its
/// days, so the statistics still count the earlier finish. The current reading is the book's own
/// `started_on` and `finished_on`. Removing the book removes these (the database cascades).
final class PastRead: Model, @unchecked Sendable {
    static let schema = "reading_past_reads"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    @Parent(key: "book_id") var book: ReadingBook
    /// 1 for the book's first reading; unique per book, so two re-reads at once keep one.
    @Field(key: "number") var number: Int
    @OptionalField(key: "started_on") var startedOn: String?
    @OptionalField(key: "finished_on") var finishedOn: String?
    /// When it was put away (the moment the book was started again).
    @Field(key: "kept_at") var keptAt: Date

    init() {}

    init(id: String, accountID: String, bookID: String, number: Int, startedOn: String?, finishedOn: String?, keptAt: Date) {
        self.id = id
        $account.id = accountID
        $book.id = bookID
        self.number = number
        self.startedOn = startedOn
        self.finishedOn = finishedOn
        self.keptAt = keptAt
    }
}
