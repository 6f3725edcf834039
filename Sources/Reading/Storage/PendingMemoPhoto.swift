import Fluent
import Foundation
import Platform

/// A photo that came with a memo the rules refused (its text or its page), stored so the form
/// can come back holding it: the reader fixes the text and saves without choosing the photo
/// again. Named by its id in the form; found only with its reader's account and book.
final class PendingMemoPhoto: Model, @unchecked Sendable {
    static let schema = "reading_pending_photos"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    @Parent(key: "book_id") var book: ReadingBook
    /// `uploads/reading-memos/…`, as a memo's photo is stored; a memo saved with it takes it over.
    @Field(key: "photo") var photo: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(id: String, accountID: String, bookID: String, photo: String, createdAt: Date) {
        self.id = id
        $account.id = accountID
        $book.id = bookID
        self.photo = photo
        self.createdAt = createdAt
    }
}
