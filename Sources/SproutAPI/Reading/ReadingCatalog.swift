import Foundation

extension Reading {
    /// A book as the catalogue knows it, before anyone shelves it: what `POST /api/reading/library`
    /// takes, plus the day it was published.
    public struct CatalogBook: Codable, Sendable, Equatable {
        public var isbn13: String
        public var title: String
        public var author: String
        public var publisher: String
        public var description: String
        public var cover: String
        public var link: String
        public var category: String
        public var pages: Int
        /// `yyyy-MM-dd`, `yyyy` when only the year is known, or empty when unknown.
        public var publishedOn: String

        public init(
            isbn13: String, title: String, author: String, publisher: String = "", description: String = "", cover: String = "",
            link: String = "", category: String = "", pages: Int = 0, publishedOn: String = ""
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
            self.publishedOn = publishedOn
        }

        enum CodingKeys: String, CodingKey {
            case isbn13, title, author, publisher, description, cover, link, category, pages
            case publishedOn = "published_on"
        }

        /// What adding it to the library sends.
        public var newBook: NewBook {
            NewBook(isbn13: isbn13, title: title, author: author, publisher: publisher, description: description,
                    cover: cover, link: link, category: category, pages: pages)
        }
    }

    /// `GET /api/reading/catalog/search` and `/lists/{list}`: one page of books.
    public struct CatalogPage: Codable, Sendable, Equatable {
        public var books: [CatalogBook]
        /// Every match, not only this page's.
        public var total: Int
        public var page: Int
        public var pageSize: Int

        public init(books: [CatalogBook], total: Int, page: Int, pageSize: Int) {
            self.books = books
            self.total = total
            self.page = page
            self.pageSize = pageSize
        }

        enum CodingKeys: String, CodingKey {
            case books, total, page, pageSize = "page_size"
        }
    }

    /// The recommendations: the seed's bestseller and new-release lists.
    public enum CatalogList: String, Codable, Sendable, CaseIterable {
        case bestseller, new
    }

    public enum CatalogRules {
        /// Aladin's page size (`MaxResults`) runs to 50.
        public static let pageSize = 1...50
        public static let defaultPageSize = 20
        /// Aladin pages its results up to the 200th item.
        public static let pages = 1...200
        public static let queryLength = 100
    }
}
