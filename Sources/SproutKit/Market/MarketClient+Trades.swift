import Foundation
import SproutAPI

/// Closing a deal on Sprout's market API (signed in): the seller reserves the product for someone
/// who wrote about it, releases it, marks it sold; each side of a sale to a buyer reviews the
/// other once, with 매너 tags; anyone reads a seller's trust.
extension MarketClient {
    public func reserve(productID: Int, for buyer: String) async throws -> Market.TradeState {
        try await api.send(Endpoint(Market.Routes.reserve, productID, body: Market.ReservationRequest(buyer: buyer)))
    }

    public func releaseReservation(productID: Int) async throws -> Market.TradeState {
        try await api.send(Endpoint(Market.Routes.releaseReservation, productID))
    }

    /// Sold to `buyer` (someone who wrote about it), or elsewhere when nil.
    public func markSold(productID: Int, to buyer: String?) async throws -> Market.TradeState {
        try await api.send(Endpoint(Market.Routes.markSold, productID, body: Market.SoldRequest(buyer: buyer)))
    }

    /// `rating` is `great`, `good` or `bad`; `tags` are 매너 tag codes that fit it
    /// (`Market.TradeReviewRequest.tags`).
    public func review(productID: Int, rating: String, text: String? = nil, tags: [String] = []) async throws -> Market.TradeState {
        try await api.send(Endpoint(Market.Routes.reviewTrade, productID,
                                    body: Market.TradeReviewRequest(rating: rating, text: text, tags: tags)))
    }

    /// A seller's trust, the reviews of their trades and the 매너 tags they were given.
    public func vendorProfile(vendorID: Int) async throws -> Market.VendorProfile {
        try await api.send(Endpoint(Market.Routes.vendorProfile, vendorID))
    }
}
