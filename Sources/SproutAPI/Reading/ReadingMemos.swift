import Foundation

extension Reading {
    /// A note on a book, at a page or not (the app's `Memo`, which it kept on one phone).
    public struct Memo: Codable, Sendable, Equatable {
        public var id: String
        public var bookID: String
        public var page: Int?
        public var text: String
        /// The site-relative path of its photo (`/uploads/reading-memos/…`), or `null`.
        public var photo: String?
        public var createdAt: String
        public var updatedAt: String

        public init(id: String, bookID: String, page: Int?, text: String, photo: String? = nil, createdAt: String, updatedAt: String) {
            self.id = id
            self.bookID = bookID
            self.page = page
            self.text = text
            self.photo = photo
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, page, text, photo
            case bookID = "book_id", createdAt = "created_at", updatedAt = "updated_at"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(bookID, forKey: .bookID)
            try container.encode(page, forKey: .page)
            try container.encode(text, forKey: .text)
            try container.encode(photo, forKey: .photo)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
        }
    }

    /// `GET /api/reading/library/{id}/memos`: a book's memos, newest first.
    public struct Memos: Codable, Sendable, Equatable {
        public var memos: [Memo]
        public var total: Int

        public init(memos: [Memo], total: Int) {
            self.memos = memos
            self.total = total
        }
    }

    /// `POST` a memo, or `PATCH` one: `text` (required on POST), and the page it is about. On
    /// PATCH, a key left out keeps its value and `"page": null` takes the page away.
    public struct MemoDraft: Codable, Sendable, Equatable {
        public var text: String?
        public var page: Int??

        public init(text: String? = nil, page: Int?? = nil) {
            self.text = text
            self.page = page
        }

        enum CodingKeys: String, CodingKey { case text, page }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            page = container.contains(.page) ? .some(try container.decodeIfPresent(Int.self, forKey: .page)) : .none
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(text, forKey: .text)
            if let page { try container.encode(page, forKey: .page) }
        }
    }

    /// The memo rules, shared by the server and the SDK.
    public enum MemoRules {
        /// Room for a long Goodreads review, which an import keeps as a memo.
        public static let textLength = 20_000
    }

    /// What is wrong with a memo.
    public enum MemoViolation: Sendable, Equatable {
        case photo(PhotoRefusal)
        case textRequired
        case textTooLong(maximum: Int)
        /// A page below 1, or past the book's last page when the book's pages are known.
        case pageOutOfRange(ClosedRange<Int>)
    }
}
