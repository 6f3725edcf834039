import Foundation
import SproutAPI
import SproutKit
import Testing

/// `NeighbourhoodClient`: each call's exact request with the bearer token, and its answer read back.
@Suite struct NeighbourhoodClientTests {
    static let base = URL(string: "http://market.test")!
    static let list = Market.NeighbourhoodList(neighbourhoods: [
        .init(code: "1144069000", name: "망원제1동", fullName: "서울 마포구 망원제1동", verifiedAt: nil, current: true),
    ], range: .farther)

    /// One call through a signed-in client whose server answers `status` with `body`.
    func sent<T>(_ body: Data, status: Int = 200, _ call: (NeighbourhoodClient) async throws -> T) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: body) }
        let client = NeighbourhoodClient(baseURL: Self.base, transport: transport,
                                         session: AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")))
        let result = try await call(client)
        let request = try #require(transport.requests.first)
        #expect(request.header("Authorization") == "Bearer access-1")
        return (request, result)
    }

    @Test func myNeighbourhoodsAreReadSetAndVerified() async throws {
        let answer = try JSONEncoder().encode(Self.list)
        let (read, mine) = try await sent(answer) { try await $0.neighbourhoods() }
        #expect(read.method == .get && read.url.path == "/api/market/neighbourhoods" && mine == Self.list)

        let (set, _) = try await sent(answer) { try await $0.setNeighbourhoods(codes: ["1144069000"], current: "1144069000", range: .farther) }
        #expect(set.method == .put && set.url.path == "/api/market/neighbourhoods")
        #expect(try JSONValue(set.body) == ["codes": .array(["1144069000"]), "current": "1144069000", "range": "farther"])

        let (verify, _) = try await sent(answer) { try await $0.verify(code: "1144069000", latitude: 37.55, longitude: 126.9) }
        #expect(verify.method == .post && verify.url.path == "/api/market/neighbourhoods/verify")
        #expect(try JSONValue(verify.body) == ["code": "1144069000", "latitude": .number(37.55), "longitude": .number(126.9)])

        let far = #"{"error":true,"reason":"You are 18.3 km from the centre of that 동; it is verified within 5.0 km."}"#
        await #expect(throws: SproutError.http(status: 400, code: .missingValue, message: "You are 18.3 km from the centre of that 동; it is verified within 5.0 km.")) {
            _ = try await sent(Data(far.utf8), status: 400) { try await $0.verify(code: "1144069000", latitude: 37.5, longitude: 127.08) }
        }
    }

    @Test func nearbySendsOnlyWhatIsChosenAndReadsTheCursor() async throws {
        let page = Market.NearbyPage(products: [], nextCursor: nil)
        let answer = try JSONEncoder().encode(page)
        let (plain, read) = try await sent(answer) { try await $0.nearby() }
        #expect(plain.url.path == "/api/market/nearby" && plain.url.query == nil && read == page)
        let (narrowed, _) = try await sent(answer) {
            try await $0.nearby(range: .farthest, search: "자전거", category: "sports", giveaway: true, cursor: "MTIzLjQ", limit: 10)
        }
        #expect(narrowed.queryPairs == ["range=farthest", "q=자전거", "category=sports", "giveaway=true", "cursor=MTIzLjQ", "limit=10"])
        let json = try #require(String(data: JSONEncoder().encode(page), encoding: .utf8))
        #expect(json.contains(#""next_cursor":null"#), "the last page says so")
    }

    @Test func keywordsAreListedAddedAndRemovedByThemselves() async throws {
        let answer = try JSONEncoder().encode(Market.KeywordList(keywords: [.init(keyword: "자전거", createdAt: "2026-01-01T00:00:00")], limit: 30))
        let (list, keywords) = try await sent(answer) { try await $0.keywords() }
        #expect(list.method == .get && list.url.path == "/api/market/keywords" && keywords.limit == 30)
        let (add, _) = try await sent(answer) { try await $0.addKeyword("자전거") }
        #expect(try add.method == .post && JSONValue(add.body) == ["keyword": "자전거"])
        let (remove, _) = try await sent(answer) { try await $0.removeKeyword("자전거") }
        #expect(remove.method == .delete && remove.url.path == "/api/market/keywords/자전거")
    }
}
