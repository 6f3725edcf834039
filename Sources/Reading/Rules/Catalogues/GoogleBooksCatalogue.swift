import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Google Books' volumes API (`GET /books/v1/volumes`), which searches without a key (a key from
/// Google Cloud raises the daily allowance): `q` with `startIndex` and `maxResults` (at most 40),
/// printed books only, and `q=isbn:…` for one book. Volumes without an ISBN (magazines, scans of
/// old books) are left out. Every failure becomes `catalogueUnavailable`.
struct GoogleBooksCatalogue: BookCatalogue {
    struct Settings: Sendable, Equatable {
        /// `https://www.googleapis.com/books/v1`, without a trailing slash.
        var baseURL: String
        var key: String?
        /// An ISO 639-1 code (`ko`) that results are restricted to, or every language.
        var language: String?
        var perMinute: Int
        var perDay: Int
        var timeoutSeconds: Int64
    }

    /// The most `maxResults` allows; a page of 50 is answered with its first 40.
    static let largestPage = 40

    let settings: Settings
    let request: CatalogueRequest
    let quota: CallQuota

    init(settings: Settings, client: @escaping @Sendable () -> any Client, clock: WallClock, calendar: ReadingCalendar, logger: Logger) {
        self.settings = settings
        request = CatalogueRequest(provider: "Google Books", client: client, timeoutSeconds: settings.timeoutSeconds, logger: logger)
        quota = CallQuota(perMinute: settings.perMinute, perDay: settings.perDay, clock: clock, calendar: calendar)
    }

    static let covers = ["https://books.google.com", "https://books.googleusercontent.com"]
    var coverOrigins: [String] { Self.covers }

    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        let answer = try await volumes(query, startIndex: (page - 1) * size, maxResults: min(size, Self.largestPage), endpoint: "search")
        return Reading.CatalogPage(books: answer.books, total: answer.totalItems ?? answer.books.count, page: page, pageSize: size)
    }

    /// Google has no bestseller or new-book list.
    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        Reading.CatalogPage(books: [], total: 0, page: page, pageSize: size)
    }

    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook? {
        try await volumes("isbn:" + isbn13, startIndex: 0, maxResults: 10, endpoint: "isbn").books.first { $0.isbn13 == isbn13 }
    }

    private func volumes(_ query: String, startIndex: Int, maxResults: Int, endpoint: String) async throws -> GoogleVolumes {
        try quota.take()
        var parameters = [("q", query), ("startIndex", String(startIndex)), ("maxResults", String(maxResults)), ("printType", "books")]
        if let language = settings.language { parameters.append(("langRestrict", language)) }
        if let key = settings.key { parameters.append(("key", key)) }
        return try await request.json(GoogleVolumes.self, CatalogueRequest.address(settings.baseURL + "/volumes", parameters), endpoint: endpoint)
    }
}

/// What `volumes` answers (`books#volumes`): `items` is absent when nothing matched.
struct GoogleVolumes: Decodable {
    struct Volume: Decodable {
        var volumeInfo: Info?
    }

    struct Info: Decodable {
        var title: String?
        var subtitle: String?
        var authors: [String]?
        var publisher: String?
        var publishedDate: String?
        var description: String?
        var pageCount: Int?
        var categories: [String]?
        var imageLinks: ImageLinks?
        var industryIdentifiers: [Identifier]?
        var infoLink: String?
        var canonicalVolumeLink: String?
    }

    struct ImageLinks: Decodable {
        var smallThumbnail: String?
        var thumbnail: String?
    }

    struct Identifier: Decodable {
        /// `ISBN_13`, `ISBN_10`, `ISSN` or `OTHER`.
        var type: String?
        var identifier: String?
    }

    var totalItems: Int?
    var items: [Volume]?

    var books: [Reading.CatalogBook] {
        var seen = Set<String>()
        return (items ?? []).compactMap { volume in
            guard let info = volume.volumeInfo, let isbn = Self.isbn13(info.industryIdentifiers ?? []), seen.insert(isbn).inserted else { return nil }
            let title = [info.title, info.subtitle].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: ": ")
            return ProviderBook(
                isbn13: isbn, title: title, author: (info.authors ?? []).joined(separator: ", "), publisher: info.publisher ?? "",
                description: ProviderBook.plainText(info.description ?? ""), cover: info.imageLinks?.thumbnail ?? info.imageLinks?.smallThumbnail ?? "",
                link: info.canonicalVolumeLink ?? info.infoLink ?? "", category: (info.categories ?? []).joined(separator: ", "),
                pages: info.pageCount ?? 0, publishedOn: info.publishedDate ?? ""
            ).book
        }
    }

    /// The ISBN-13 the volume names, else its ISBN-10 as an ISBN-13.
    private static func isbn13(_ identifiers: [Identifier]) -> String? {
        let thirteen = identifiers.filter { $0.type == "ISBN_13" }.compactMap(\.identifier)
        let ten = identifiers.filter { $0.type == "ISBN_10" }.compactMap(\.identifier)
        return ProviderBook.isbn13(anyOf: thirteen + ten)
    }
}
