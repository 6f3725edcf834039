@testable import Platform
import PropertyBased
import Testing
import Vapor

/// `queryValue` reads a plain key exactly as Vapor's query decoder does, without building its
/// Codable tree: the two are compared on real clients' queries and on generated hostile ones.
@Suite struct QueryValueTests {
    static let keys = ["page_no", "items_per_page", "search_value", "next", "limit", "product_id", "hashTag"]

    @Test(arguments: [
        "page_no=1&items_per_page=20", "next=&limit=20&product_id=allforlesson", "next=123&limit=99999999", "limit=",
        "search_value=%EC%9D%98%EC%9E%90", "search_value=blue+chair", "search_value=a%2Bb", "hashTag=%23%EA%B8%B0%ED%83%80",
        "page_no=1&page_no=2", "page_no", "page_no=a=b", "&&page_no=3&&", "search_value=%E0%A4", "search_value=%zz", "search_value=%",
        "page%5Fno=4", "next[]=1", "next[a]=1&next=2", "product_id=%20spaced%20", "",
    ])
    func readsAsVaporReadsIt(query: String) async throws {
        let app = try await Application.make(.testing)
        Self.compare(query, on: app)
        try await app.asyncShutdown()
    }

    @Test func generatedQueriesReadAsVaporReadsThem() async throws {
        let pieces = ["page_no", "limit", "next", "=", "=", "&", "&", "1", "20", "+", "%", "%2", "%20", "%EC%9D%98", "%E0", "%zz", "%3D", "%26", "[", "]", "의자", " "]
        let queries = Gen<Int?>.element(of: pieces.indices).array(of: 0...16).map { $0.compactMap { $0 }.map { pieces[$0] }.joined() }
        let app = try await Application.make(.testing)
        await propertyCheck(count: 1000, input: queries) { query in
            Self.compare(query, on: app)
        }
        try await app.asyncShutdown()
    }

    /// Vapor refuses the whole query when any key's escapes do not decode, and reads some malformed
    /// bracket keys (`next[=1`) as the plain key; `queryValue` skips only such a key. Queries with
    /// either are left out of the comparison.
    private static func compare(_ query: String, on app: Application) {
        let request = Request(application: app, method: .GET, url: URI(string: "/x?" + query), on: app.eventLoopGroup.next())
        let anyKeyIsMalformed = query.split(separator: "&").contains { pair in
            guard pair.contains("=") else { return false }
            let key = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0].replacingOccurrences(of: "+", with: "%20").removingPercentEncoding
            return key.map { $0.contains("[") || $0.contains("]") } ?? true
        }
        if !anyKeyIsMalformed {
            for key in keys {
                #expect(request.queryValue(key) == request.query[String.self, at: key], "\(key) in \(query)")
            }
        }
    }
}
