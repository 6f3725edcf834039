import Foundation
import SproutAPI
import SproutKit
import Synchronization
import Testing

@Suite struct PostPagingTests {
    /// A server with `pages` in order; each page's cursor is its index, the last says "0".
    func client(pages: [[String]], cursors: [String]? = nil) -> (LessonsClient, TestTransport) {
        let transport = TestTransport { request in
            let next = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "next" }?.value ?? ""
            let index = Int(next) ?? 0
            let cursor = cursors?[index] ?? (index + 1 < pages.count ? String(index + 1) : "0")
            let list = Lessons.PostList(data: pages[index].map(LessonsSamples.post), nextCursor: cursor)
            return HTTPResponse(status: 200, body: try JSONEncoder().encode(list))
        }
        let client = LessonsClient(baseURL: URL(string: "http://sprout.test")!, apiKey: "key", transport: transport,
                                   session: AuthSession(tokens: AuthTokens(accessToken: "a", refreshToken: "r")))
        return (client, transport)
    }

    func cursorsSent(_ transport: TestTransport) -> [String] {
        transport.requests.map { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "next" }?.value ?? "-" }
    }

    @Test func followsNextCursorUntilZero() async throws {
        let (client, transport) = client(pages: [["p5", "p4"], ["p3", "p2"], ["p1"]])
        let posts = try await client.allPosts(.user(id: "u1", productID: Lessons.ProductID.lesson), pageSize: 2)
        #expect(posts.map(\.postID) == ["p5", "p4", "p3", "p2", "p1"])
        #expect(cursorsSent(transport) == ["", "1", "2"])
        #expect(transport.requests.allSatisfy { $0.queryPairs.contains("limit=2") })
    }

    @Test func aPostRepeatedAcrossPagesIsKeptOnce() async throws {
        let (client, _) = client(pages: [["p3", "p2"], ["p2", "p1"]])
        #expect(try await client.allPosts(.liked2).map(\.postID) == ["p3", "p2", "p1"])
    }

    @Test func aCursorThatComesBackStopsTheLoop() async throws {
        let (client, transport) = client(pages: [["p3"], ["p2"]], cursors: ["1", "1"])
        #expect(try await client.allPosts(.all(productID: nil)).map(\.postID) == ["p3", "p2"])
        #expect(transport.requests.count == 2)
    }

    @Test func anEmptyCursorStopsTheLoop() async throws {
        let (client, transport) = client(pages: [["p1"]], cursors: [""])
        #expect(try await client.allPosts(.liked).map(\.postID) == ["p1"])
        #expect(transport.requests.count == 1)
    }
}
