import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Open Library's search (`GET /search.json`, no key), one result per work with the fields
/// asked for, and its covers service (`/b/id/{cover_i}-L.jpg`). A work lists the ISBNs of all its
/// editions: a search shows it under the first ISBN-13 among them, a look-up by ISBN
/// (`q=isbn:…`) under the ISBN asked for. Open Library has no descriptions and knows only the
/// year of first publication. Every failure becomes `catalogueUnavailable`.
struct OpenLibraryCatalogue: BookCatalogue {
    struct Settings: Sendable, Equatable {
        /// `https://openlibrary.org`, without a trailing slash.
        var baseURL: String
        /// `https://covers.openlibrary.org`, without a trailing slash.
        var coversURL: String
        var perMinute: Int
        var perDay: Int
        var timeoutSeconds: Int64
    }

    static let fields = "key,title,author_name,publisher,first_publish_year,number_of_pages_median,isbn,cover_i"

    let settings: Settings
    let request: CatalogueRequest
    let quota: CallQuota

    init(settings: Settings, client: @escaping @Sendable () -> any Client, clock: WallClock, calendar: ReadingCalendar, logger: Logger) {
        self.settings = settings
        request = CatalogueRequest(provider: "Open Library", client: client, timeoutSeconds: settings.timeoutSeconds, logger: logger)
        quota = CallQuota(perMinute: settings.perMinute, perDay: settings.perDay, clock: clock, calendar: calendar)
    }

    /// The covers service answers with a redirect to the Internet Archive's servers.
    static let archiveCovers = ["https://covers.openlibrary.org", "https://archive.org", "https://*.archive.org"]
    var coverOrigins: [String] { [settings.coversURL] + Self.archiveCovers }

    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        let answer = try await works(query, page: page, limit: size, endpoint: "search")
        let books = answer.books(coversURL: settings.coversURL, baseURL: settings.baseURL, isbn: nil)
        return Reading.CatalogPage(books: books, total: answer.numFound ?? books.count, page: page, pageSize: size)
    }

    /// Open Library has no bestseller or new-book list.
    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        Reading.CatalogPage(books: [], total: 0, page: page, pageSize: size)
    }

    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook? {
        try await works("isbn:" + isbn13, page: 1, limit: 1, endpoint: "isbn")
            .books(coversURL: settings.coversURL, baseURL: settings.baseURL, isbn: isbn13).first
    }

    private func works(_ query: String, page: Int, limit: Int, endpoint: String) async throws -> OpenLibrarySearch {
        try quota.take()
        let address = CatalogueRequest.address(settings.baseURL + "/search.json", [
            ("q", query), ("page", String(page)), ("limit", String(limit)), ("fields", Self.fields),
        ])
        // Open Library asks applications to say who they are.
        return try await request.json(OpenLibrarySearch.self, address, headers: ["User-Agent": "Sprout (self-hosted reading log; book search)"], endpoint: endpoint)
    }
}

/// What `search.json` answers with the fields asked for.
struct OpenLibrarySearch: Decodable {
    struct Work: Decodable {
        /// `/works/OL82563W`.
        var key: String?
        var title: String?
        var author_name: [String]?
        var publisher: [String]?
        var first_publish_year: Int?
        var number_of_pages_median: Int?
        var isbn: [String]?
        var cover_i: Int?
    }

    var numFound: Int?
    var docs: [Work]?

    /// With `isbn`, only works that list it, shown under it.
    func books(coversURL: String, baseURL: String, isbn wanted: String?) -> [Reading.CatalogBook] {
        var seen = Set<String>()
        return (docs ?? []).compactMap { work in
            let identifiers = work.isbn ?? []
            let isbn: String? = if let wanted {
                identifiers.contains(where: { ProviderBook.isbn13(anyOf: [$0]) == wanted }) ? wanted : nil
            } else {
                ProviderBook.isbn13(anyOf: identifiers)
            }
            guard let isbn, seen.insert(isbn).inserted else { return nil }
            let key = work.key ?? ""
            return ProviderBook(
                isbn13: isbn, title: work.title ?? "", author: (work.author_name ?? []).joined(separator: ", "), publisher: work.publisher?.first ?? "",
                cover: work.cover_i.map { $0 > 0 ? "\(coversURL)/b/id/\($0)-L.jpg" : "" } ?? "",
                link: key.hasPrefix("/works/") ? baseURL + key : "",
                pages: work.number_of_pages_median ?? 0, publishedOn: work.first_publish_year.map { String($0) } ?? ""
            ).book
        }
    }
}
