import Foundation

/// ReadingHaracoon (독서하라쿤) on Sprout: the reading API under `/api/reading`. The original app
/// had no server; this contract is Sprout's own, with `/api/auth` bearer tokens.
public enum Reading {}

extension Reading {
    /// Where a book is on the reader's shelves (the app's `bookStatus` 0, 1, 2).
    public enum BookStatus: String, Codable, Sendable, CaseIterable {
        case toRead = "to-read"
        case reading
        case read
    }

    /// A book in the signed-in reader's library. Every key is always present; values the reader
    /// has not given are `null` (ISBN, dates) or `0` (rating: not rated, as Goodreads says it).
    public struct Book: Codable, Sendable, Equatable {
        public var id: String
        public var isbn13: String?
        public var title: String
        public var author: String
        public var publisher: String
        public var description: String
        public var cover: String
        public var link: String
        public var category: String
        public var pages: Int
        public var status: BookStatus
        /// 0 (not rated) to 5.
        public var rating: Int
        /// ISO 8601, UTC.
        public var addedAt: String
        /// Calendar days (`yyyy-MM-dd`) in the server's reading time zone.
        public var startedOn: String?
        public var finishedOn: String?
        /// Every recorded session of this book, summed.
        public var readingSeconds: Int

        public init(
            id: String, isbn13: String?, title: String, author: String, publisher: String, description: String, cover: String, link: String,
            category: String, pages: Int, status: BookStatus, rating: Int, addedAt: String, startedOn: String?, finishedOn: String?, readingSeconds: Int
        ) {
            self.id = id
            self.isbn13 = isbn13
            self.title = title
            self.author = author
            self.publisher = publisher
            self.description = description
            self.cover = cover
            self.link = link
            self.category = category
            self.pages = pages
            self.status = status
            self.rating = rating
            self.addedAt = addedAt
            self.startedOn = startedOn
            self.finishedOn = finishedOn
            self.readingSeconds = readingSeconds
        }

        enum CodingKeys: String, CodingKey {
            case id, isbn13, title, author, publisher, description, cover, link, category, pages, status, rating
            case addedAt = "added_at", startedOn = "started_on", finishedOn = "finished_on", readingSeconds = "reading_seconds"
        }

        /// Writes `null` for absent values instead of leaving the key out, so strict decoders find every key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(isbn13, forKey: .isbn13)
            try container.encode(title, forKey: .title)
            try container.encode(author, forKey: .author)
            try container.encode(publisher, forKey: .publisher)
            try container.encode(description, forKey: .description)
            try container.encode(cover, forKey: .cover)
            try container.encode(link, forKey: .link)
            try container.encode(category, forKey: .category)
            try container.encode(pages, forKey: .pages)
            try container.encode(status, forKey: .status)
            try container.encode(rating, forKey: .rating)
            try container.encode(addedAt, forKey: .addedAt)
            try container.encode(startedOn, forKey: .startedOn)
            try container.encode(finishedOn, forKey: .finishedOn)
            try container.encode(readingSeconds, forKey: .readingSeconds)
        }
    }

    /// `GET /api/reading/library`: the whole library (or what the search kept), in the order asked.
    public struct Library: Codable, Sendable, Equatable {
        public var books: [Book]
        public var total: Int

        public init(books: [Book], total: Int) {
            self.books = books
            self.total = total
        }
    }

    /// `GET /api/reading/library?sort=`: what the shelf is ordered by.
    public enum LibrarySort: String, Codable, Sendable, CaseIterable {
        case added, title, pages
    }

    public enum SortOrder: String, Codable, Sendable, CaseIterable {
        case ascending = "asc"
        case descending = "desc"
    }
}
