import Foundation

extension Market {
    /// The tabs of a seller's own products, as Karrot's 판매내역 has them: for sale (판매중),
    /// reserved (예약중), sold (거래완료), each without the hidden ones, and hidden (숨김) whatever
    /// their sale. `GET /api/market/my-products?tab=…`.
    public enum MyProductsTab: String, Codable, Sendable, CaseIterable {
        case selling, reserved, sold, hidden
    }

    /// `POST /api/market/products/{id}/bump`: the product is back at the top of the lists (끌올).
    /// Times are UTC, `yyyy-MM-dd'T'HH:mm:ss'Z'`.
    public struct Bump: Codable, Sendable, Equatable {
        public var id: Int
        public var bumpedAt: String
        /// From when the seller may bump it again.
        public var nextBumpAt: String

        public init(id: Int, bumpedAt: String, nextBumpAt: String) {
            self.id = id
            self.bumpedAt = bumpedAt
            self.nextBumpAt = nextBumpAt
        }

        enum CodingKeys: String, CodingKey {
            case id, bumpedAt = "bumped_at", nextBumpAt = "next_bump_at"
        }
    }

    /// The error body of a refused bump: the market's `{ "error": true, "reason": … }`, and, when
    /// the refusal is that the last bump was too recent (409), from when the next is allowed.
    public struct BumpRefusal: Codable, Sendable, Equatable {
        public var error: Bool
        public var reason: String
        public var nextBumpAt: String?

        public init(reason: String, nextBumpAt: String?) {
            error = true
            self.reason = reason
            self.nextBumpAt = nextBumpAt
        }

        enum CodingKeys: String, CodingKey {
            case error, reason, nextBumpAt = "next_bump_at"
        }
    }

    /// `POST /api/market/products/{id}/hide` and `/unhide`: where the seller's product stands.
    public struct ListingState: Codable, Sendable, Equatable {
        public var id: Int
        /// `selling`, `reserved` or `sold`.
        public var saleState: String
        /// Hidden products are in no public list; only their seller (and their buyer) open them.
        public var hidden: Bool
        public var bumpedAt: String
        /// From when the seller may bump it (a past time: now, if it is for sale and not hidden).
        public var nextBumpAt: String

        public init(id: Int, saleState: String, hidden: Bool, bumpedAt: String, nextBumpAt: String) {
            self.id = id
            self.saleState = saleState
            self.hidden = hidden
            self.bumpedAt = bumpedAt
            self.nextBumpAt = nextBumpAt
        }

        enum CodingKeys: String, CodingKey {
            case id, saleState = "sale_state", hidden, bumpedAt = "bumped_at", nextBumpAt = "next_bump_at"
        }
    }
}
