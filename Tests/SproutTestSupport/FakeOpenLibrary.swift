import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A local stand-in for Open Library's search (`GET /search.json`), answering as its documentation
/// shows: one document per work, `q` (with `isbn:…` for a field search), `page` and `limit`,
/// only the `fields` asked for, every edition's ISBN-10s and ISBN-13s in one `isbn` list, and
/// `numFound` (with its older spelling `num_found`) for the total.
public final class FakeOpenLibrary: LocalFake {
    public struct Work: Sendable {
        /// `OL82563W`.
        public var id: String
        public var title: String
        public var authors: [String]
        public var publishers: [String]
        public var firstPublishYear: Int?
        public var pagesMedian: Int?
        public var isbns: [String]
        public var coverID: Int?

        public init(id: String, title: String, authors: [String], publishers: [String] = [], firstPublishYear: Int? = nil, pagesMedian: Int? = nil,
                    isbns: [String], coverID: Int? = nil) {
            self.id = id
            self.title = title
            self.authors = authors
            self.publishers = publishers
            self.firstPublishYear = firstPublishYear
            self.pagesMedian = pagesMedian
            self.isbns = isbns
            self.coverID = coverID
        }
    }

    public let app: Application
    public let works = NIOLockedValueBox<[Work]>([])
    /// Each call's query parameters and User-Agent, in order.
    public let calls = NIOLockedValueBox<[(query: [String: String], userAgent: String)]>([])

    public init() async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        app.get("search.json") { [works, calls] req throws -> Response in
            let query = (try? req.query.decode([String: String].self)) ?? [:]
            calls.withLockedValue { $0.append((query, req.headers.first(name: .userAgent) ?? "")) }
            let q = query["q"] ?? ""
            let limit = min(max(Int(query["limit"] ?? "100") ?? 100, 0), 1000)
            let page = min(max(Int(query["page"] ?? "1") ?? 1, 1), 10_000)
            let fields = Set((query["fields"] ?? "*").split(separator: ",").map(String.init))
            let all = works.withLockedValue { $0 }
            let matching: [Work]
            if q.hasPrefix("isbn:") {
                let wanted = String(q.dropFirst("isbn:".count))
                matching = all.filter { $0.isbns.contains(wanted) }
            } else {
                let words = q.lowercased().split(separator: " ")
                matching = all.filter { work in
                    let text = (work.title + " " + work.authors.joined(separator: " ")).lowercased()
                    return !words.isEmpty && words.allSatisfy { text.contains($0) }
                }
            }
            let shown = Array(matching.dropFirst((page - 1) * limit).prefix(limit))
            let answer = Answer(numFound: matching.count, start: (page - 1) * limit, num_found: matching.count, q: q,
                                docs: shown.map { Answer.Doc($0, fields: fields) })
            return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(data: try JSONEncoder().encode(answer)))
        }
        try app.server.start()
    }

    struct Answer: Encodable {
        struct Doc: Encodable {
            var key: String?
            var title: String?
            var author_name: [String]?
            var publisher: [String]?
            var first_publish_year: Int?
            var number_of_pages_median: Int?
            var isbn: [String]?
            var cover_i: Int?
            var edition_count: Int?

            init(_ work: Work, fields: Set<String>) {
                let all = fields.contains("*")
                func wanted(_ field: String) -> Bool { all || fields.contains(field) }
                key = wanted("key") ? "/works/\(work.id)" : nil
                title = wanted("title") ? work.title : nil
                author_name = wanted("author_name") ? work.authors : nil
                publisher = wanted("publisher") && !work.publishers.isEmpty ? work.publishers : nil
                first_publish_year = wanted("first_publish_year") ? work.firstPublishYear : nil
                number_of_pages_median = wanted("number_of_pages_median") ? work.pagesMedian : nil
                isbn = wanted("isbn") && !work.isbns.isEmpty ? work.isbns : nil
                cover_i = wanted("cover_i") ? work.coverID : nil
                edition_count = wanted("edition_count") ? max(work.isbns.count, 1) : nil
            }
        }

        var numFound: Int
        var start: Int
        var numFoundExact = true
        var num_found: Int
        var q: String
        var docs: [Doc]
    }

    public var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }

    /// The settings pointing Sprout at this fake, after the local catalogue unless `sources` says
    /// otherwise; covers are named under `coversURL`, which nothing here serves.
    public func environment(sources: String = "local,openlibrary", coversURL: String = "https://covers.example.org") -> [String: String] {
        ["SPROUT_BOOK_CATALOGUES": sources, "SPROUT_OPEN_LIBRARY_URL": baseURL, "SPROUT_OPEN_LIBRARY_COVERS_URL": coversURL,
         "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "60"]
    }

    public func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// Runs `test` with a fresh fake, stopped afterwards whatever happens.
public func withFakeOpenLibrary<T>(_ test: (FakeOpenLibrary) async throws -> T) async throws -> T {
    try await withLocalFake({ try await FakeOpenLibrary() }, test)
}
