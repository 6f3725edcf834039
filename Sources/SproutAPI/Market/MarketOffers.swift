import Foundation

extension Market {
    /// `POST /api/conversations/{conversation}/offers`: the buyer in a conversation about a product
    /// offers a price for it (가격 제안), in whole won.
    public struct OfferRequest: Codable, Sendable, Equatable {
        public var price: Int

        public init(price: Int) { self.price = price }
    }

    /// Where an offer stands.
    public enum OfferState: String, Codable, Sendable, CaseIterable {
        /// Waiting for the seller.
        case pending
        /// The seller took it: it is the price of the trade with its buyer.
        case accepted
        /// The seller turned it down, accepted another, or sold the product to someone else.
        case declined
        /// The buyer offered again, which replaces the offer still waiting.
        case withdrawn
    }

    /// A price a buyer offered for a product. Times are UTC, `yyyy-MM-dd'T'HH:mm:ss'Z'`.
    public struct Offer: Codable, Sendable, Equatable {
        public var offerID: Int
        public var productID: Int
        public var conversationID: String
        public var buyerID: String
        /// In won.
        public var price: Int
        public var state: OfferState
        public var createdAt: String
        /// When the seller accepted or declined it, or it was withdrawn; nil while pending.
        public var decidedAt: String?

        public init(offerID: Int, productID: Int, conversationID: String, buyerID: String, price: Int, state: OfferState,
                    createdAt: String, decidedAt: String?) {
            self.offerID = offerID
            self.productID = productID
            self.conversationID = conversationID
            self.buyerID = buyerID
            self.price = price
            self.state = state
            self.createdAt = createdAt
            self.decidedAt = decidedAt
        }

        enum CodingKeys: String, CodingKey {
            case offerID = "offer_id", productID = "product_id", conversationID = "conversation_id", buyerID = "buyer_id", price, state
            case createdAt = "created_at", decidedAt = "decided_at"
        }

        /// Writes `null` while pending instead of leaving `decided_at` out, so strict decoders find every key.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(offerID, forKey: .offerID)
            try c.encode(productID, forKey: .productID)
            try c.encode(conversationID, forKey: .conversationID)
            try c.encode(buyerID, forKey: .buyerID)
            try c.encode(price, forKey: .price)
            try c.encode(state, forKey: .state)
            try c.encode(createdAt, forKey: .createdAt)
            try c.encode(decidedAt, forKey: .decidedAt)
        }
    }

    /// `GET /api/market/products/{id}/offers`: every offer for the seller's product, newest first.
    public struct OfferList: Codable, Sendable, Equatable {
        public var offers: [Offer]

        public init(offers: [Offer]) { self.offers = offers }
    }
}
