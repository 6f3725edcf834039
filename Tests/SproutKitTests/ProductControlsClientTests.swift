import Foundation
import SproutAPI
import SproutKit
import Testing

/// `ProductControlsClient`: each call's request, its answer read back, and a bump too soon read as
/// the outcome it is rather than an error.
@Suite struct ProductControlsClientTests {
    static let base = URL(string: "http://market.test")!

    /// One call through a signed-in client whose server answers `status` with `body`.
    func sent<T>(_ body: Data, status: Int = 200, _ call: (ProductControlsClient) async throws -> T) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: body) }
        let client = ProductControlsClient(baseURL: Self.base, transport: transport,
                                           session: AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")))
        let result = try await call(client)
        #expect(transport.requests.count == 1)
        let request = try #require(transport.requests.first)
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value == "Bearer access-1" })
        return (request, result)
    }

    @Test func aBumpIsBumpedOrTooSoon() async throws {
        let bump = Market.Bump(id: 7, bumpedAt: "2026-01-04T00:00:01Z", nextBumpAt: "2026-01-07T00:00:01Z")
        let (request, bumped) = try await sent(try JSONEncoder().encode(bump)) { try await $0.bump(productID: 7) }
        #expect(request.method == .post && request.url.path == "/api/market/products/7/bump")
        #expect(bumped == .bumped(bump))

        let refusal = Market.BumpRefusal(reason: "A product is bumped once every 3 days.", nextBumpAt: "2026-01-04T00:00:00Z")
        let (_, early) = try await sent(try JSONEncoder().encode(refusal), status: 409) { try await $0.bump(productID: 7) }
        #expect(early == .tooSoon(nextBumpAt: "2026-01-04T00:00:00Z"))

        let reserved = #"{"error":true,"reason":"Only a product for sale is bumped."}"#
        await #expect(throws: SproutError.http(status: 409, code: .conflict, message: "Only a product for sale is bumped.")) {
            _ = try await sent(Data(reserved.utf8), status: 409) { try await $0.bump(productID: 7) }
        }
    }

    @Test func hideUnhideAndTheListsAskWhatTheyShould() async throws {
        let state = Market.ListingState(id: 7, saleState: "selling", hidden: true, bumpedAt: "2026-01-01T00:00:00Z", nextBumpAt: "2026-01-04T00:00:00Z")
        let (hide, hidden) = try await sent(try JSONEncoder().encode(state)) { try await $0.hide(productID: 7) }
        #expect(hide.url.path == "/api/market/products/7/hide" && hidden == state)
        let (unhide, _) = try await sent(try JSONEncoder().encode(state)) { try await $0.unhide(productID: 7) }
        #expect(unhide.url.path == "/api/market/products/7/unhide")

        let page = try JSONEncoder().encode(Market.Page(pageNo: 1, itemsPerPage: 20, totalCount: 0, pages: []))
        let (mine, _) = try await sent(page) { try await $0.mine(tab: .hidden, page: 1, itemsPerPage: 20) }
        #expect(mine.method == .get && mine.url.path == "/api/market/my-products" && mine.url.query == "page_no=1&items_per_page=20&tab=hidden")
        let (all, _) = try await sent(page) { try await $0.mine(tab: nil, page: 2, itemsPerPage: 10) }
        #expect(all.url.query == "page_no=2&items_per_page=10")
        let (purchases, _) = try await sent(page) { try await $0.purchases(page: 1, itemsPerPage: 20) }
        #expect(purchases.url.path == "/api/market/purchases" && purchases.url.query == "page_no=1&items_per_page=20")
    }
}
