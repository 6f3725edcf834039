import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A local stand-in for Aladin's Open API (`/ttb/api/ItemSearch.aspx`, `ItemLookUp.aspx`,
/// `ItemList.aspx`, `Output=JS`, `Version=20131101`), answering as Aladin does: a wrong key is an
/// error object with HTTP 200, `Start` is a page number and `MaxResults` its size, and
/// apostrophes come escaped as `\'`, which JSON does not allow.
public final class FakeAladin: LocalFake {
    public struct Book: Sendable {
        public var isbn13: String
        public var title: String
        public var author: String
        public var publisher: String
        public var pages: Int
        public var pubDate: String

        public init(isbn13: String, title: String, author: String, publisher: String, pages: Int, pubDate: String) {
            self.isbn13 = isbn13
            self.title = title
            self.author = author
            self.publisher = publisher
            self.pages = pages
            self.pubDate = pubDate
        }
    }

    public static let key = "ttb-test-key"
    public let app: Application
    public let books = NIOLockedValueBox<[Book]>([])
    /// Each call's endpoint and query, in order.
    public let calls = NIOLockedValueBox<[(endpoint: String, query: [String: String])]>([])

    public init() async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        for endpoint in ["ItemSearch.aspx", "ItemLookUp.aspx", "ItemList.aspx"] {
            app.get("ttb", "api", .constant(endpoint)) { [books, calls] req throws -> Response in
                let query = (try? req.query.decode([String: String].self)) ?? [:]
                calls.withLockedValue { $0.append((endpoint, query)) }
                guard query["ttbkey"] == Self.key else { return Self.answer(#"{"errorCode":100,"errorMessage":"잘못된 TTBKey 입니다."}"#) }
                guard query["Output"] == "JS", query["Version"] == "20131101" else { return Self.answer("<?xml version=\"1.0\"?><object/>") }
                let all = books.withLockedValue { $0 }
                switch endpoint {
                case "ItemLookUp.aspx":
                    guard let book = all.first(where: { $0.isbn13 == query["ItemId"] }) else {
                        return Self.answer(#"{"errorCode":8,"errorMessage":"존재하지 않는 상품입니다."}"#)
                    }
                    return Self.answer(Self.page([book], total: 1, withPages: true))
                default:
                    let size = min(Int(query["MaxResults"] ?? "") ?? 10, 50)
                    let start = max(Int(query["Start"] ?? "") ?? 1, 1)
                    var matching = all
                    if endpoint == "ItemSearch.aspx" {
                        let words = (query["Query"] ?? "").lowercased()
                        matching = all.filter { ($0.title + " " + $0.author).lowercased().contains(words) }
                    } else if query["QueryType"] == "ItemNewAll" {
                        matching = all.sorted { $0.pubDate > $1.pubDate }
                    }
                    let slice = Array(matching.dropFirst((start - 1) * size).prefix(size))
                    return Self.answer(Self.page(slice, total: matching.count, withPages: false))
                }
            }
        }
        try app.server.start()
    }

    /// Hand-written like Aladin's: `\'` escapes, authors with their roles, an e-book without an ISBN-13.
    static func page(_ books: [Book], total: Int, withPages: Bool) -> String {
        let items = books.map { book in
            """
            {"title":"\(book.title.replacingOccurrences(of: "'", with: "\\'"))","link":"http://www.aladin.co.kr/shop/wproduct.aspx?ISBN=\(book.isbn13)",\
            "author":"\(book.author) (지은이)","pubDate":"\(book.pubDate)","description":"It\\'s a book.","isbn":"","isbn13":"\(book.isbn13)",\
            "cover":"https://image.aladin.co.kr/product/\(book.isbn13)/cover500.jpg","categoryName":"국내도서>소설/시/희곡","publisher":"\(book.publisher)"\
            \(withPages ? #","subInfo":{"itemPage":\#(book.pages)}"# : "")}
            """
        } + [#"{"title":"An e-book","author":"Nobody","isbn13":"","cover":""}"#]
        return #"{"version":"20131101","totalResults":\#(total),"startIndex":1,"itemsPerPage":10,"item":[\#(items.joined(separator: ","))]}"#
    }

    static func answer(_ body: String) -> Response {
        Response(status: .ok, headers: ["Content-Type": "text/plain;charset=utf-8"], body: .init(string: body))
    }

    public var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)/ttb/api/" }

    /// The settings pointing Sprout at this fake, as its only catalogue. The deadline is long: under the whole suite's load
    /// on two cores, the fake has taken more than the default 3 s to answer.
    public func environment(key: String = FakeAladin.key, dailyLimit: Int = 5000) -> [String: String] {
        ["SPROUT_BOOK_CATALOGUES": "aladin", "SPROUT_ALADIN_TTB_KEY": key, "SPROUT_ALADIN_URL": baseURL, "SPROUT_ALADIN_DAILY_LIMIT": String(dailyLimit),
         "SPROUT_ALADIN_TIMEOUT_SECONDS": "60"]
    }

    public func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// Runs `test` with a fresh fake, stopped afterwards whatever happens.
public func withFakeAladin<T>(_ test: (FakeAladin) async throws -> T) async throws -> T {
    try await withLocalFake({ try await FakeAladin() }, test)
}
