import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A local stand-in for Kakao's book search (`GET /v3/search/book`), answering as Kakao's
/// developer guide documents it: the header `Authorization: KakaoAK {REST API key}` (anything
/// else is a 401 `AccessDeniedError`), `query` with `target` (`title`, `isbn`, `publisher`,
/// `person`), `page` and `size` from 1 to 50 (else a 400 `InvalidArgument`), documents whose
/// `isbn` holds the ISBN-10 and ISBN-13 separated by a space, and `meta.{total_count,
/// pageable_count, is_end}`.
public final class FakeKakaoBooks: LocalFake {
    public struct Book: Sendable {
        public var title: String
        public var authors: [String]
        public var publisher: String
        /// "8996991341 9788996991342", as Kakao writes it.
        public var isbn: String
        /// `2014-11-17T00:00:00.000+09:00`.
        public var datetime: String
        public var contents: String
        public var thumbnail: String
        public var translators: [String]

        public init(title: String, authors: [String], publisher: String, isbn: String, datetime: String = "", contents: String = "",
                    thumbnail: String = "", translators: [String] = []) {
            self.title = title
            self.authors = authors
            self.publisher = publisher
            self.isbn = isbn
            self.datetime = datetime
            self.contents = contents
            self.thumbnail = thumbnail
            self.translators = translators
        }
    }

    public static let key = "kakao-rest-test-key"
    public let app: Application
    public let books = NIOLockedValueBox<[Book]>([])
    /// Each call's query parameters and Authorization header, in order.
    public let calls = NIOLockedValueBox<[(query: [String: String], authorization: String)]>([])

    public init() async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        app.get("v3", "search", "book") { [books, calls] req throws -> Response in
            let query = (try? req.query.decode([String: String].self)) ?? [:]
            let authorization = req.headers.first(name: .authorization) ?? ""
            calls.withLockedValue { $0.append((query, authorization)) }
            guard authorization == "KakaoAK \(Self.key)" else {
                return try Self.json(Failure(errorType: "AccessDeniedError", message: "cannot find appKey"), status: .unauthorized)
            }
            guard let q = query["query"], !q.isEmpty else {
                return try Self.json(Failure(errorType: "MissingParameter", message: "query parameter required"), status: .badRequest)
            }
            let page = Int(query["page"] ?? "1") ?? 0
            let size = Int(query["size"] ?? "10") ?? 0
            guard (1...50).contains(page), (1...50).contains(size) else {
                return try Self.json(Failure(errorType: "InvalidArgument", message: "page or size is out of range"), status: .badRequest)
            }
            let all = books.withLockedValue { $0 }
            let words = q.replacingOccurrences(of: " ", with: "")
            let matching: [Book] = switch query["target"] ?? "" {
            case "isbn": all.filter { book in book.isbn.split(separator: " ").contains(Substring(q)) }
            case "publisher": all.filter { book in book.publisher.contains(q) }
            case "person": all.filter { book in book.authors.contains { author in author.contains(q) } }
            default: all.filter { book in (book.title + book.authors.joined()).replacingOccurrences(of: " ", with: "").contains(words) }
            }
            let shown = Array(matching.dropFirst((page - 1) * size).prefix(size))
            let answer = Answer(
                meta: .init(total_count: matching.count, pageable_count: matching.count, is_end: page * size >= matching.count),
                documents: shown.map(Answer.Document.init)
            )
            return try Self.json(answer)
        }
        try app.server.start()
    }

    struct Failure: Encodable {
        var errorType: String
        var message: String
    }

    struct Answer: Encodable {
        struct Meta: Encodable {
            var total_count: Int
            var pageable_count: Int
            var is_end: Bool
        }

        struct Document: Encodable {
            var authors: [String]
            var contents: String
            var datetime: String
            var isbn: String
            var price = 15_000
            var publisher: String
            var sale_price = 13_500
            var status = "정상판매"
            var thumbnail: String
            var title: String
            var translators: [String]
            var url: String

            init(_ book: Book) {
                authors = book.authors
                contents = book.contents
                datetime = book.datetime
                isbn = book.isbn
                publisher = book.publisher
                thumbnail = book.thumbnail
                title = book.title
                translators = book.translators
                url = "https://search.daum.net/search?w=bookpage&bookId=1&q=" + (book.title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            }
        }

        var meta: Meta
        var documents: [Document]
    }

    static func json(_ body: some Encodable, status: HTTPResponseStatus = .ok) throws -> Response {
        Response(status: status, headers: ["Content-Type": "application/json;charset=UTF-8"], body: .init(data: try JSONEncoder().encode(body)))
    }

    public var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }

    /// The settings pointing Sprout at this fake, after the local catalogue unless `sources` says otherwise.
    public func environment(sources: String = "local,kakao", key: String = FakeKakaoBooks.key) -> [String: String] {
        ["SPROUT_BOOK_CATALOGUES": sources, "SPROUT_KAKAO_URL": baseURL, "SPROUT_KAKAO_REST_KEY": key, "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "60"]
    }

    public func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// Runs `test` with a fresh fake, stopped afterwards whatever happens.
public func withFakeKakaoBooks<T>(_ test: (FakeKakaoBooks) async throws -> T) async throws -> T {
    try await withLocalFake({ try await FakeKakaoBooks() }, test)
}
