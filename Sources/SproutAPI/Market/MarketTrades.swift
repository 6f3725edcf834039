import Foundation

extension Market {
    /// `POST /api/market/products/{id}/reservation`: promise the product to someone who wrote about it.
    public struct ReservationRequest: Codable, Sendable, Equatable {
        /// The buyer's account id.
        public var buyer: String
        public init(buyer: String) { self.buyer = buyer }
    }

    /// `POST /api/market/products/{id}/sold`: sold to someone who wrote about it, or elsewhere (no buyer).
    public struct SoldRequest: Codable, Sendable, Equatable {
        public var buyer: String?
        public init(buyer: String?) { self.buyer = buyer }
    }

    /// Where a product's sale stands, and with whom.
    public struct TradeState: Codable, Sendable, Equatable {
        public var productID: Int
        /// `selling`, `reserved` or `sold`.
        public var saleState: String
        public var buyer: String?

        public init(productID: Int, saleState: String, buyer: String?) {
            self.productID = productID
            self.saleState = saleState
            self.buyer = buyer
        }

        enum CodingKeys: String, CodingKey {
            case productID = "product_id", saleState = "sale_state", buyer
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(productID, forKey: .productID)
            try container.encode(saleState, forKey: .saleState)
            try container.encode(buyer, forKey: .buyer)
        }
    }

    /// `POST /api/market/products/{id}/reviews`: after a sale to a buyer, each side reviews the other once.
    public struct TradeReviewRequest: Codable, Sendable, Equatable {
        /// `great`, `good` or `bad`.
        public var rating: String
        public var text: String?
        /// 매너 칭찬 (or their opposites, with `bad`) by code: `punctual`, `kind`, `responsive`, and
        /// of a seller `as_described`, `fair_price`; `not_punctual`, `unkind`, `slow_to_reply`, and of a
        /// seller `not_as_described`, `overpriced`. A client that sends none sends no key.
        public var tags: [String]

        public init(rating: String, text: String?, tags: [String] = []) {
            self.rating = rating
            self.text = text
            self.tags = tags
        }

        enum CodingKeys: String, CodingKey {
            case rating, text, tags
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            rating = try c.decode(String.self, forKey: .rating)
            text = try c.decodeIfPresent(String.self, forKey: .text)
            tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        }
    }

    public struct TradeReview: Codable, Sendable, Equatable {
        public var productID: Int
        public var rating: String
        public var text: String
        public var reviewerName: String
        public var createdAt: String
        /// Whether the trust counts it: a review of the sale that closed its product, by an
        /// account with a history (`Trust`).
        public var counted: Bool
        /// The 매너 tags given, by code (`TradeReviewRequest.tags`).
        public var tags: [String]

        public init(productID: Int, rating: String, text: String, reviewerName: String, createdAt: String, counted: Bool, tags: [String] = []) {
            self.productID = productID
            self.rating = rating
            self.text = text
            self.reviewerName = reviewerName
            self.createdAt = createdAt
            self.counted = counted
            self.tags = tags
        }

        enum CodingKeys: String, CodingKey {
            case productID = "product_id", rating, text, reviewerName = "reviewer_name", createdAt = "created_at", counted, tags
        }
    }

    /// How many reviews that count gave someone one 매너 tag.
    public struct TagCount: Codable, Sendable, Equatable {
        public var tag: String
        public var count: Int

        public init(tag: String, count: Int) {
            self.tag = tag
            self.count = count
        }
    }

    /// How much people who traded with someone trust them: a temperature from 36.5 ℃, half a
    /// degree up for each `great`, a quarter for each `good`, a degree and a half down for each
    /// `bad`, kept between 0 and 99.
    /// How much a person is trusted, from the reviews that count: each is of the one sale that
    /// closed its product (a product sold again counts only its last buyer's), by an account a
    /// week old when it reviewed or with a verified phone number (ten accounts made for the
    /// purpose count for nothing). `reviews` is how many it rests on.
    public struct Trust: Codable, Sendable, Equatable {
        public var score: Double
        public var great: Int
        public var good: Int
        public var bad: Int
        public var reviews: Int

        public init(great: Int, good: Int, bad: Int) {
            self.great = great
            self.good = good
            self.bad = bad
            reviews = great + good + bad
            let raw = 36.5 + 0.5 * Double(great) + 0.25 * Double(good) - 1.5 * Double(bad)
            score = (min(max(raw, 0), 99) * 10).rounded() / 10
        }
    }

    /// `GET /api/market/vendors/{id}`: a seller, how much they are trusted, and what they were told.
    public struct VendorProfile: Codable, Sendable, Equatable {
        public var vendorID: Int
        public var name: String
        public var since: String
        public var trust: Trust
        public var reviews: [TradeReview]
        /// Each 매너 tag the reviews that count gave, most given first.
        public var tags: [TagCount]

        public init(vendorID: Int, name: String, since: String, trust: Trust, reviews: [TradeReview], tags: [TagCount] = []) {
            self.vendorID = vendorID
            self.name = name
            self.since = since
            self.trust = trust
            self.reviews = reviews
            self.tags = tags
        }

        enum CodingKeys: String, CodingKey {
            case vendorID = "vendor_id", name, since, trust, reviews, tags
        }
    }
}
