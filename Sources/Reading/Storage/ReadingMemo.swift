import Fluent
import Foundation
import Platform

/// A note on one of a reader's books. Removing the book removes its memos (the database cascades).
final class ReadingMemo: Model, @unchecked Sendable {
    static let schema = "reading_memos"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    @Parent(key: "book_id") var book: ReadingBook
    @OptionalField(key: "page") var page: Int?
    @Field(key: "text") var text: String
    /// `uploads/reading-memos/…`, stored by the platform's image pipeline.
    @OptionalField(key: "photo") var photo: String?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    init(id: String, accountID: String, bookID: String, page: Int?, text: String, at now: Date) {
        self.id = id
        $account.id = accountID
        $book.id = bookID
        self.page = page
        self.text = text
        createdAt = now
        updatedAt = now
    }
}
