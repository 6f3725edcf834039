import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Aladin's Open API (the TTB API the app called from the phone), on the server: `ItemSearch`,
/// `ItemLookUp` and `ItemList` with the key from configuration, so the key never ships in an app.
/// Aladin answers its errors as JSON with HTTP 200 (`{"errorCode", "errorMessage"}`) and allows a
/// fixed number of calls a day; past that, Sprout stops asking until midnight and says when to
/// come back (`CallQuota`). Every failure becomes `catalogueUnavailable`.
struct AladinCatalogue: BookCatalogue {
    struct Settings: Sendable {
        var key: String
        /// `http://www.aladin.co.kr/ttb/api/`, ending in a slash.
        var baseURL: String
        var dailyLimit: Int
        /// Calls in any one minute, so a burst of readers cannot spend the day's calls at once.
        var perMinute: Int = 60
        /// How long a reader's request waits for Aladin before the catalogue answers 503.
        var timeoutSeconds: Int64
    }

    let settings: Settings
    let client: @Sendable () -> any Client
    let quota: CallQuota
    let logger: Logger

    init(settings: Settings, client: @escaping @Sendable () -> any Client, clock: WallClock, calendar: ReadingCalendar, logger: Logger) {
        self.settings = settings
        self.client = client
        quota = CallQuota(perMinute: settings.perMinute, perDay: settings.dailyLimit, clock: clock, calendar: calendar)
        self.logger = logger
    }

    static let covers = ["https://image.aladin.co.kr"]
    var coverOrigins: [String] { Self.covers }

    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        let answer = try await call("ItemSearch.aspx", [
            ("Query", query), ("QueryType", "Keyword"), ("SearchTarget", "Book"), ("MaxResults", String(size)), ("Start", String(page)),
        ])
        return Reading.CatalogPage(books: answer.books, total: answer.totalResults ?? answer.books.count, page: page, pageSize: size)
    }

    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        let answer = try await call("ItemList.aspx", [
            ("QueryType", list == .bestseller ? "Bestseller" : "ItemNewAll"), ("SearchTarget", "Book"),
            ("MaxResults", String(size)), ("Start", String(page)),
        ])
        return Reading.CatalogPage(books: answer.books, total: answer.totalResults ?? answer.books.count, page: page, pageSize: size)
    }

    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook? {
        try await call("ItemLookUp.aspx", [("ItemIdType", "ISBN13"), ("ItemId", isbn13)], notFoundIsEmpty: true).books.first
    }

    private func call(_ endpoint: String, _ parameters: [(String, String)], notFoundIsEmpty: Bool = false) async throws -> AladinAnswer {
        try quota.take()
        var components = URLComponents(string: settings.baseURL + endpoint)
        components?.queryItems = ([("ttbkey", settings.key), ("Output", "JS"), ("Version", "20131101"), ("Cover", "Big")] + parameters)
            .map { URLQueryItem(name: $0.0, value: $0.1) }
        guard let url = components?.string else { throw ReadingError.catalogueUnavailable(retryAfter: nil) }
        let response: ClientResponse
        do {
            response = try await client().get(URI(string: url)) { $0.timeout = .seconds(settings.timeoutSeconds) }
        } catch {
            logger.warning("Aladin \(endpoint) unreachable: \(String(reflecting: error))")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        }
        guard response.status == .ok, let body = response.body else {
            logger.warning("Aladin \(endpoint) answered \(response.status.code)")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        }
        let answer: AladinAnswer
        do {
            answer = try AladinAnswer.decode(Data(buffer: body))
        } catch {
            logger.warning("Aladin \(endpoint) answered something unreadable: \(String(reflecting: error))")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        }
        if let code = answer.errorCode {
            // Aladin's "no such item" for a look-up is an answer, not an outage.
            if notFoundIsEmpty && answer.item == nil { return AladinAnswer(errorCode: nil, errorMessage: nil, totalResults: 0, item: []) }
            logger.warning("Aladin \(endpoint) error \(code): \(answer.errorMessage ?? "")")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        }
        return answer
    }
}

/// What the three endpoints answer (`Output=JS`, `Version=20131101`), or the error they answer
/// with HTTP 200.
struct AladinAnswer: Decodable {
    struct Item: Decodable {
        struct SubInfo: Decodable {
            var itemPage: Int?
        }

        var title: String?
        var author: String?
        var publisher: String?
        var description: String?
        var cover: String?
        var link: String?
        var categoryName: String?
        var pubDate: String?
        var isbn13: String?
        var subInfo: SubInfo?
    }

    var errorCode: Int?
    var errorMessage: String?
    var totalResults: Int?
    var item: [Item]?

    /// Aladin's JSON escapes apostrophes as `\'`, which JSON does not allow.
    static func decode(_ data: Data) throws -> AladinAnswer {
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\'", with: "'")
        return try JSONDecoder().decode(AladinAnswer.self, from: Data(text.utf8))
    }

    /// Items without a valid ISBN-13 (e-books, goods) are dropped, as the app dropped them.
    var books: [Reading.CatalogBook] {
        (item ?? []).compactMap { item in
            guard let isbn = item.isbn13.flatMap(Reading.BookRules.isbn13), let title = item.title, !title.isEmpty else { return nil }
            return Reading.CatalogBook(
                isbn13: isbn, title: title, author: Self.people(item.author ?? ""), publisher: item.publisher ?? "",
                description: item.description ?? "", cover: item.cover ?? "", link: item.link ?? "", category: item.categoryName ?? "",
                pages: min(max(item.subInfo?.itemPage ?? 0, 0), Reading.BookRules.pages.upperBound),
                publishedOn: Reading.BookRules.isDay(item.pubDate ?? "") ? item.pubDate ?? "" : ""
            )
        }
    }

    /// "한강 (지은이), 김영사 (옮긴이)" → "한강, 김영사": the roles Aladin appends in brackets.
    static func people(_ author: String) -> String {
        author.replacingOccurrences(of: #"\s*\([^)]*\)"#, with: "", options: .regularExpression).trimmingCharacters(in: .whitespaces)
    }
}
