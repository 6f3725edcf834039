import Fluent
import Foundation
import SproutAPI

/// A price a buyer offered for a product in their conversation with its seller (`PriceOffers`).
final class PriceOffer: Model, @unchecked Sendable {
    static let schema = "market_offers"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "product_id") var productID: Int
    @Field(key: "conversation_id") var conversationID: String
    @Field(key: "buyer_id") var buyerID: String
    /// Whole won.
    @Field(key: "price") var price: Int
    /// A `Market.OfferState`.
    @Field(key: "state") var state: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "decided_at") var decidedAt: Date?

    init() {}

    init(productID: Int, conversationID: String, buyerID: String, price: Int, createdAt: Date) {
        self.productID = productID
        self.conversationID = conversationID
        self.buyerID = buyerID
        self.price = price
        state = Market.OfferState.pending.rawValue
        self.createdAt = createdAt
    }
}
