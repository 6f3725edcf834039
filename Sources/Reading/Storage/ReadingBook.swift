import Fluent
import Foundation
import Platform

/// A book on one reader's shelves (the app's Realm `Book`, now one per account on the server).
final class ReadingBook: Model, @unchecked Sendable {
    static let schema = "reading_books"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    /// What makes two entries the same book for one reader: `isbn:<13 digits>`, or for a book
    /// without one `title:<title key>|<author key>`. Unique per account, so adding a book twice,
    /// even from two devices at once, leaves one.
    @Field(key: "identity") var identity: String
    @OptionalField(key: "isbn13") var isbn13: String?
    @Field(key: "title") var title: String
    @Field(key: "author") var author: String
    @Field(key: "publisher") var publisher: String
    @Field(key: "description") var description: String
    @Field(key: "cover") var cover: String
    @Field(key: "link") var link: String
    @Field(key: "category") var category: String
    @Field(key: "pages") var pages: Int
    @Field(key: "status") var status: String
    @Field(key: "rating") var rating: Int
    /// Title and author folded for search and sorting (see `SearchKey`).
    @Field(key: "title_key") var titleKey: String
    @Field(key: "search_key") var searchKey: String
    @Field(key: "added_at") var addedAt: Date
    @OptionalField(key: "started_on") var startedOn: String?
    @OptionalField(key: "finished_on") var finishedOn: String?
    /// The sum of the book's sessions, kept with each stop (the app declared it and never updated it).
    @Field(key: "reading_seconds") var readingSeconds: Int

    init() {}

    init(id: String, accountID: String, addedAt: Date) {
        self.id = id
        $account.id = accountID
        self.addedAt = addedAt
        readingSeconds = 0
    }
}
