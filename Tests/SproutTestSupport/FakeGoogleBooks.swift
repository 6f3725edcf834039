import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A local stand-in for Google Books' volumes API (`GET /books/v1/volumes`), answering as Google
/// documents it: `q` with `startIndex` and `maxResults` (0 to 40, else 400), `q=isbn:…` for the
/// volumes with that identifier, a `books#volumes` answer whose `items` is absent when nothing
/// matches, `http://` thumbnails, descriptions in HTML, and errors as `{"error": {code, message}}`.
public final class FakeGoogleBooks: LocalFake {
    public struct Volume: Sendable {
        public var id: String
        public var title: String
        public var subtitle: String?
        public var authors: [String]
        public var publisher: String
        public var publishedDate: String
        public var pageCount: Int?
        public var isbn13: String?
        public var isbn10: String?
        public var thumbnail: String?
        public var description: String

        public init(
            id: String, title: String, subtitle: String? = nil, authors: [String], publisher: String = "", publishedDate: String = "",
            pageCount: Int? = nil, isbn13: String?, isbn10: String? = nil, thumbnail: String? = nil, description: String = ""
        ) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.authors = authors
            self.publisher = publisher
            self.publishedDate = publishedDate
            self.pageCount = pageCount
            self.isbn13 = isbn13
            self.isbn10 = isbn10
            self.thumbnail = thumbnail
            self.description = description
        }
    }

    public let app: Application
    public let volumes = NIOLockedValueBox<[Volume]>([])
    /// Each call's query parameters, in order.
    public let calls = NIOLockedValueBox<[[String: String]]>([])
    /// Set, every call is answered with this status, as Google answers an outage or a spent quota.
    public let failure = NIOLockedValueBox<HTTPResponseStatus?>(nil)

    public init() async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        app.get("books", "v1", "volumes") { [volumes, calls, failure] req throws -> Response in
            let query = (try? req.query.decode([String: String].self)) ?? [:]
            calls.withLockedValue { $0.append(query) }
            if let status = failure.withLockedValue({ $0 }) { return try Self.error(status, "Backend Error") }
            guard let q = query["q"], !q.isEmpty else { return try Self.error(.badRequest, "Missing query.") }
            let start = Int(query["startIndex"] ?? "0") ?? -1
            let size = Int(query["maxResults"] ?? "10") ?? -1
            guard start >= 0, (0...40).contains(size) else { return try Self.error(.badRequest, "Invalid value") }
            let all = volumes.withLockedValue { $0 }
            let matching: [Volume]
            if q.hasPrefix("isbn:") {
                let wanted = String(q.dropFirst("isbn:".count))
                matching = all.filter { $0.isbn13 == wanted || $0.isbn10 == wanted }
            } else {
                let words = Self.key(q)
                matching = all.filter { Self.key($0.title + " " + $0.authors.joined(separator: " ")).contains(words) }
            }
            let page = Array(matching.dropFirst(start).prefix(size))
            return try Self.json(Answer(totalItems: matching.count, items: page.isEmpty ? nil : page.map(Answer.Item.init)))
        }
        try app.server.start()
    }

    static func key(_ text: String) -> String {
        text.lowercased().filter { !$0.isWhitespace }
    }

    struct Answer: Encodable {
        struct Item: Encodable {
            struct Info: Encodable {
                struct Identifier: Encodable {
                    var type: String
                    var identifier: String
                }

                struct ImageLinks: Encodable {
                    var smallThumbnail: String
                    var thumbnail: String
                }

                var title: String
                var subtitle: String?
                var authors: [String]
                var publisher: String
                var publishedDate: String
                var description: String
                var industryIdentifiers: [Identifier]
                var pageCount: Int?
                var printType = "BOOK"
                var categories = ["Fiction"]
                var imageLinks: ImageLinks?
                var language = "ko"
                var infoLink: String
                var canonicalVolumeLink: String
            }

            var kind = "books#volume"
            var id: String
            var volumeInfo: Info

            init(_ volume: Volume) {
                var identifiers: [Info.Identifier] = []
                if let isbn10 = volume.isbn10 { identifiers.append(.init(type: "ISBN_10", identifier: isbn10)) }
                if let isbn13 = volume.isbn13 { identifiers.append(.init(type: "ISBN_13", identifier: isbn13)) }
                if identifiers.isEmpty { identifiers.append(.init(type: "OTHER", identifier: "UOM:\(volume.id)")) }
                id = volume.id
                volumeInfo = Info(
                    title: volume.title, subtitle: volume.subtitle, authors: volume.authors, publisher: volume.publisher,
                    publishedDate: volume.publishedDate, description: volume.description, industryIdentifiers: identifiers, pageCount: volume.pageCount,
                    imageLinks: volume.thumbnail.map { Info.ImageLinks(smallThumbnail: $0 + "&zoom=5", thumbnail: $0) },
                    infoLink: "http://books.google.com/books?id=\(volume.id)&source=gbs_api",
                    canonicalVolumeLink: "https://books.google.com/books/about/x.html?id=\(volume.id)"
                )
            }
        }

        var kind = "books#volumes"
        var totalItems: Int
        var items: [Item]?
    }

    struct Failure: Encodable {
        struct Body: Encodable {
            var code: Int
            var message: String
        }

        var error: Body
    }

    static func json(_ body: some Encodable, status: HTTPResponseStatus = .ok) throws -> Response {
        Response(status: status, headers: ["Content-Type": "application/json; charset=UTF-8"], body: .init(data: try JSONEncoder().encode(body)))
    }

    static func error(_ status: HTTPResponseStatus, _ message: String) throws -> Response {
        try json(Failure(error: .init(code: Int(status.code), message: message)), status: status)
    }

    public var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)/books/v1" }

    /// The settings pointing Sprout at this fake, after the local catalogue unless `sources` says
    /// otherwise. The deadline is long: under the whole suite's load the fake can be slow to answer.
    public func environment(sources: String = "local,google", key: String? = nil) -> [String: String] {
        var environment = ["SPROUT_BOOK_CATALOGUES": sources, "SPROUT_GOOGLE_BOOKS_URL": baseURL, "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "60"]
        if let key { environment["SPROUT_GOOGLE_BOOKS_KEY"] = key }
        return environment
    }

    public func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// Runs `test` with a fresh fake, stopped afterwards whatever happens.
public func withFakeGoogleBooks<T>(_ test: (FakeGoogleBooks) async throws -> T) async throws -> T {
    try await withLocalFake({ try await FakeGoogleBooks() }, test)
}
