import Foundation

extension Reading {
    /// `POST /api/reading/library`: a book added by hand, or with its ISBN-13 (hyphens and spaces
    /// allowed). `title` is required; the rest default to empty, 0 pages, `to-read`, not rated.
    public struct NewBook: Codable, Sendable, Equatable {
        public var isbn13: String?
        public var title: String
        public var author: String?
        public var publisher: String?
        public var description: String?
        public var cover: String?
        public var link: String?
        public var category: String?
        public var pages: Int?
        public var status: BookStatus?
        public var rating: Int?
        public var startedOn: String?
        public var finishedOn: String?

        public init(
            isbn13: String? = nil, title: String, author: String? = nil, publisher: String? = nil, description: String? = nil, cover: String? = nil,
            link: String? = nil, category: String? = nil, pages: Int? = nil, status: BookStatus? = nil, rating: Int? = nil,
            startedOn: String? = nil, finishedOn: String? = nil
        ) {
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
            self.startedOn = startedOn
            self.finishedOn = finishedOn
        }

        enum CodingKeys: String, CodingKey {
            case isbn13, title, author, publisher, description, cover, link, category, pages, status, rating
            case startedOn = "started_on", finishedOn = "finished_on"
        }
    }

    /// `PATCH /api/reading/library/{id}`: only the keys sent change. A status change keeps the
    /// dates in step (reading: started today unless given; read: finished today unless given;
    /// to-read: neither), and dates sent alongside win.
    public struct BookChanges: Codable, Sendable, Equatable {
        public var title: String?
        public var author: String?
        public var publisher: String?
        public var description: String?
        public var cover: String?
        public var link: String?
        public var category: String?
        public var pages: Int?
        public var status: BookStatus?
        public var rating: Int?
        public var startedOn: String?
        public var finishedOn: String?

        public init(
            title: String? = nil, author: String? = nil, publisher: String? = nil, description: String? = nil, cover: String? = nil, link: String? = nil,
            category: String? = nil, pages: Int? = nil, status: BookStatus? = nil, rating: Int? = nil, startedOn: String? = nil, finishedOn: String? = nil
        ) {
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
            self.startedOn = startedOn
            self.finishedOn = finishedOn
        }

        enum CodingKeys: String, CodingKey {
            case title, author, publisher, description, cover, link, category, pages, status, rating
            case startedOn = "started_on", finishedOn = "finished_on"
        }
    }

    /// `DELETE /api/reading/library/{id}`.
    public struct Deleted: Codable, Sendable, Equatable {
        public var id: String
        public var deleted: Bool

        public init(id: String, deleted: Bool) {
            self.id = id
            self.deleted = deleted
        }
    }

    /// `POST /api/reading/erase`: the reading log is gone; how many books it held.
    public struct Erased: Codable, Sendable, Equatable {
        public var erasedBooks: Int

        public init(erasedBooks: Int) {
            self.erasedBooks = erasedBooks
        }

        enum CodingKeys: String, CodingKey {
            case erasedBooks = "erased_books"
        }
    }
}
