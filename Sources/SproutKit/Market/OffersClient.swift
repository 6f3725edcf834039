import Foundation
import SproutAPI

/// 가격 제안 on Sprout's market API, for the account signed in through `AccountsClient`: a buyer
/// offers a price in their conversation about a product, its seller accepts or declines it. A
/// refusal is a `SproutError.http` whose message is the server's reason: 400 for a price out of
/// range, 403 for the wrong side, 404 for a conversation or offer that is not mine, 409 for a
/// product reserved, sold or not taking offers, or an offer answered already.
public struct OffersClient: Sendable {
    /// The API client every call goes through (its session is the signed-in account's).
    public let api: APIClient

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    ///   - session: the signed-in account's, shared with `AccountsClient` and the others.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .market, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    /// The signed-in account's session.
    public var session: AuthSession { api.session }

    /// Offers `price` won for the product the conversation is about: from 1 to one less than the
    /// price it sells at now. A new offer replaces my offer still waiting.
    public func offer(price: Int, inConversation conversationID: String) async throws -> Market.Offer {
        try await api.send(Endpoint(Market.Routes.makeOffer, conversationID, body: Market.OfferRequest(price: price)))
    }

    /// The seller accepts a waiting offer: its price is the price of the trade with its buyer.
    public func accept(offerID: Int) async throws -> Market.Offer {
        try await api.send(Endpoint(Market.Routes.acceptOffer, offerID))
    }

    public func decline(offerID: Int) async throws -> Market.Offer {
        try await api.send(Endpoint(Market.Routes.declineOffer, offerID))
    }

    /// Every offer for my product, newest first.
    public func offers(productID: Int) async throws -> [Market.Offer] {
        try await api.send(Endpoint(Market.Routes.productOffers, productID)).offers
    }
}
