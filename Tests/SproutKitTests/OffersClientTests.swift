import Foundation
import SproutAPI
import SproutKit
import Testing

/// `OffersClient` and `MarketClient`'s trade calls: each call's exact request, its answer read
/// back, and a refusal with the server's reason.
@Suite struct OffersClientTests {
    static let base = URL(string: "http://sprout.test")!
    static let offer = Market.Offer(offerID: 7, productID: 3, conversationID: "c1", buyerID: "b1", price: 25_000, state: .pending,
                                    createdAt: "2026-01-01T00:00:00Z", decidedAt: nil)
    static let signedIn = AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1"))

    func sentOffers<T>(_ body: Data, status: Int = 200, _ call: (OffersClient) async throws -> T) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: body) }
        let result = try await call(OffersClient(baseURL: Self.base, transport: transport, session: Self.signedIn))
        #expect(transport.requests.count == 1)
        return (try #require(transport.requests.first), result)
    }

    func sentMarket<T>(_ body: Data, _ call: (MarketClient) async throws -> T) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: body) }
        let result = try await call(MarketClient(baseURL: Self.base, transport: transport, session: Self.signedIn))
        #expect(transport.requests.count == 1)
        return (try #require(transport.requests.first), result)
    }

    func expect(_ request: HTTPRequest, _ method: HTTPMethod, _ path: String, json: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.url.path == path, sourceLocation: sourceLocation)
        #expect(request.header("Authorization") == "Bearer access-1", sourceLocation: sourceLocation)
        if let json {
            #expect(try JSONValue(request.body) == json, sourceLocation: sourceLocation)
        } else {
            #expect(request.body == nil, sourceLocation: sourceLocation)
        }
    }

    @Test func anOfferIsMadeAcceptedDeclinedAndListed() async throws {
        let answer = try JSONEncoder().encode(Self.offer)
        let (made, offer) = try await sentOffers(answer) { try await $0.offer(price: 25_000, inConversation: "c1") }
        try expect(made, .post, "/api/conversations/c1/offers", json: ["price": 25_000])
        #expect(offer == Self.offer)
        #expect(try JSONValue(answer) == [
            "offer_id": 7, "product_id": 3, "conversation_id": "c1", "buyer_id": "b1", "price": 25_000, "state": "pending",
            "created_at": "2026-01-01T00:00:00Z", "decided_at": .null,
        ], "every key, decided_at null while pending")

        let (accepted, _) = try await sentOffers(answer) { try await $0.accept(offerID: 7) }
        try expect(accepted, .post, "/api/market/offers/7/accept")
        let (declined, _) = try await sentOffers(answer) { try await $0.decline(offerID: 7) }
        try expect(declined, .post, "/api/market/offers/7/decline")
        let (listed, offers) = try await sentOffers(try JSONEncoder().encode(Market.OfferList(offers: [Self.offer]))) { try await $0.offers(productID: 3) }
        try expect(listed, .get, "/api/market/products/3/offers")
        #expect(offers == [Self.offer])
    }

    @Test func refusalsCarryTheServersReason() async throws {
        let reason = "The product is reserved, sold or hidden: offers wait for a product for sale."
        await #expect(throws: SproutError.http(status: 409, code: .conflict, message: reason)) {
            try await sentOffers(Data(#"{"error":true,"reason":"\#(reason)"}"#.utf8), status: 409) { try await $0.offer(price: 1, inConversation: "c1") }
        }
    }

    @Test func aReviewCarriesItsTagsAndOldAnswersWithoutThemStillRead() async throws {
        let state = try JSONEncoder().encode(Market.TradeState(productID: 3, saleState: "sold", buyer: "b1"))
        let (review, _) = try await sentMarket(state) { try await $0.review(productID: 3, rating: "great", text: "최고", tags: ["punctual", "kind"]) }
        try expect(review, .post, "/api/market/products/3/reviews", json: ["rating": "great", "text": "최고", "tags": .array(["punctual", "kind"])])
        let (reserve, _) = try await sentMarket(state) { try await $0.reserve(productID: 3, for: "b1") }
        try expect(reserve, .post, "/api/market/products/3/reservation", json: ["buyer": "b1"])
        let (release, _) = try await sentMarket(state) { try await $0.releaseReservation(productID: 3) }
        try expect(release, .delete, "/api/market/products/3/reservation")

        let old = try JSONDecoder().decode(Market.TradeReviewRequest.self, from: Data(#"{"rating":"good","text":"fine"}"#.utf8))
        #expect(old.tags == [], "a client that knows no tags sends none")
    }
}
