import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Kakao's (Daum's) book search, `GET /v3/search/book` with the header `Authorization: KakaoAK
/// {REST API key}`: pages of 1 to 50 books, up to the 50th page, and `target=isbn` for one book.
/// A document's `isbn` holds its ISBN-10 and ISBN-13 separated by a space, either possibly empty.
/// A wrong key is a 401 (`AccessDeniedError`); every failure becomes `catalogueUnavailable`.
struct KakaoBookCatalogue: BookCatalogue {
    struct Settings: Sendable, Equatable {
        /// `https://dapi.kakao.com`, without a trailing slash.
        var baseURL: String
        var key: String
        var perMinute: Int
        var perDay: Int
        var timeoutSeconds: Int64
    }

    static let pages = 1...50
    static let pageSize = 1...50

    let settings: Settings
    let request: CatalogueRequest
    let quota: CallQuota

    init(settings: Settings, client: @escaping @Sendable () -> any Client, clock: WallClock, calendar: ReadingCalendar, logger: Logger) {
        self.settings = settings
        request = CatalogueRequest(provider: "Kakao", client: client, timeoutSeconds: settings.timeoutSeconds, logger: logger)
        quota = CallQuota(perMinute: settings.perMinute, perDay: settings.perDay, clock: clock, calendar: calendar)
    }

    static let covers = ["https://*.kakaocdn.net"]
    var coverOrigins: [String] { Self.covers }

    /// Past Kakao's 50th page there is nothing to ask for.
    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        guard Self.pages.contains(page) else { return Reading.CatalogPage(books: [], total: 0, page: page, pageSize: size) }
        let answer = try await books([("query", query), ("page", String(page)), ("size", String(min(max(size, 1), Self.pageSize.upperBound)))], endpoint: "search")
        let total = answer.meta?.pageable_count ?? answer.meta?.total_count ?? answer.books.count
        return Reading.CatalogPage(books: answer.books, total: total, page: page, pageSize: size)
    }

    /// Kakao has no bestseller or new-book list.
    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        Reading.CatalogPage(books: [], total: 0, page: page, pageSize: size)
    }

    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook? {
        try await books([("query", isbn13), ("target", "isbn"), ("size", "5")], endpoint: "isbn").books.first { $0.isbn13 == isbn13 }
    }

    private func books(_ parameters: [(String, String)], endpoint: String) async throws -> KakaoBooks {
        try quota.take()
        let address = CatalogueRequest.address(settings.baseURL + "/v3/search/book", parameters)
        return try await request.json(KakaoBooks.self, address, headers: ["Authorization": "KakaoAK " + settings.key], endpoint: endpoint)
    }
}

/// What `/v3/search/book` answers.
struct KakaoBooks: Decodable {
    struct Meta: Decodable {
        var total_count: Int?
        /// Of `total_count`, how many can be paged to.
        var pageable_count: Int?
        var is_end: Bool?
    }

    struct Document: Decodable {
        var title: String?
        var contents: String?
        var url: String?
        /// "8996991341 9788996991342".
        var isbn: String?
        /// `2014-11-17T00:00:00.000+09:00`.
        var datetime: String?
        var authors: [String]?
        var publisher: String?
        var translators: [String]?
        var thumbnail: String?
    }

    var meta: Meta?
    var documents: [Document]?

    var books: [Reading.CatalogBook] {
        var seen = Set<String>()
        return (documents ?? []).compactMap { document in
            let identifiers = (document.isbn ?? "").split(separator: " ").map(String.init)
            guard let isbn = ProviderBook.isbn13(anyOf: identifiers), seen.insert(isbn).inserted else { return nil }
            return ProviderBook(
                isbn13: isbn, title: document.title ?? "", author: (document.authors ?? []).joined(separator: ", "), publisher: document.publisher ?? "",
                description: document.contents ?? "", cover: document.thumbnail ?? "", link: document.url ?? "",
                publishedOn: document.datetime ?? ""
            ).book
        }
    }
}
