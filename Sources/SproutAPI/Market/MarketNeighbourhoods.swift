import Foundation

// Sprout's own market API for a signed-in account (bearer tokens): my 동네 (up to two 읍·면·동
// from the place list, one of them current, verified by where the browser is), the products
// listed within my range of it, and the keywords I am told about. The open-market contract knows
// none of it: a product its clients list carries its vendor's 동네 when the vendor's account has one.

extension Market {
    /// How far from my current 동 the market looks, measured between 동 centres: 가까운 동네
    /// within 3 km, 조금 먼 동네 within 6 km, 먼 동네 within 12 km.
    public enum NeighbourhoodRange: String, Codable, Sendable, CaseIterable {
        case near, farther, farthest

        /// The radius in metres.
        public var radius: Double {
            switch self {
            case .near: 3_000
            case .farther: 6_000
            case .farthest: 12_000
            }
        }
    }

    /// A 동 I chose.
    public struct Neighbourhood: Codable, Sendable, Equatable {
        /// The place list's code (`GET /api/places?q=`).
        public var code: String
        /// "망원제1동".
        public var name: String
        /// "서울 마포구 망원제1동".
        public var fullName: String
        /// When the browser's position was last found within 5 km of its centre; null until then.
        public var verifiedAt: String?
        /// The one browsing and listing start from.
        public var current: Bool

        public init(code: String, name: String, fullName: String, verifiedAt: String?, current: Bool) {
            self.code = code
            self.name = name
            self.fullName = fullName
            self.verifiedAt = verifiedAt
            self.current = current
        }

        enum CodingKeys: String, CodingKey {
            case code, name, fullName = "full_name", verifiedAt = "verified_at", current
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(name, forKey: .name)
            try container.encode(fullName, forKey: .fullName)
            try container.encode(verifiedAt, forKey: .verifiedAt)
            try container.encode(current, forKey: .current)
        }
    }

    /// `GET /api/market/neighbourhoods`: mine, in the order chosen, and my range.
    public struct NeighbourhoodList: Codable, Sendable, Equatable {
        public var neighbourhoods: [Neighbourhood]
        public var range: NeighbourhoodRange

        public init(neighbourhoods: [Neighbourhood], range: NeighbourhoodRange) {
            self.neighbourhoods = neighbourhoods
            self.range = range
        }
    }

    /// `PUT /api/market/neighbourhoods`: all of mine at once (at most two; a code sent twice
    /// counts once, none clears them). A 동 kept keeps its verification. `current` must be one of
    /// `codes` (by default the current one kept, else the first); `range` is kept when left out.
    public struct NeighbourhoodsRequest: Codable, Sendable, Equatable {
        public var codes: [String]
        public var current: String?
        /// `near`, `farther` or `farthest`.
        public var range: String?

        public init(codes: [String], current: String? = nil, range: NeighbourhoodRange? = nil) {
            self.codes = codes
            self.current = current
            self.range = range?.rawValue
        }
    }

    /// `POST /api/market/neighbourhoods/verify`: where the device is now, for one of my 동.
    public struct VerificationRequest: Codable, Sendable, Equatable {
        public var code: String
        public var latitude: Double
        public var longitude: Double

        public init(code: String, latitude: Double, longitude: Double) {
            self.code = code
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// A 동 as a listing names it.
    public struct Dong: Codable, Sendable, Equatable {
        public var code: String
        public var name: String

        public init(code: String, name: String) {
            self.code = code
            self.name = name
        }
    }

    /// A product within my range, with its 동 and how far that 동's centre is from mine.
    public struct NearbyProduct: Codable, Sendable, Equatable {
        public var id: Int
        public var name: String
        public var currency: Currency
        public var price: Double
        /// What it sells for: the price less the discount; 0 is a giveaway (나눔).
        public var bargainPrice: Double
        /// An absolute URL; empty when the product has no image.
        public var thumbnail: String
        public var dong: Dong
        /// Metres between the 동 centres, rounded.
        public var distanceM: Int
        /// When it was listed or last bumped, `yyyy-MM-dd'T'HH:mm:ss` UTC.
        public var bumpedAt: String
        /// `selling`, `reserved` or `sold`.
        public var state: String

        public init(id: Int, name: String, currency: Currency, price: Double, bargainPrice: Double, thumbnail: String, dong: Dong,
                    distanceM: Int, bumpedAt: String, state: String) {
            self.id = id
            self.name = name
            self.currency = currency
            self.price = price
            self.bargainPrice = bargainPrice
            self.thumbnail = thumbnail
            self.dong = dong
            self.distanceM = distanceM
            self.bumpedAt = bumpedAt
            self.state = state
        }

        enum CodingKeys: String, CodingKey {
            case id, name, currency, price, bargainPrice = "bargain_price", thumbnail, dong, distanceM = "distance_m",
                 bumpedAt = "bumped_at", state
        }
    }

    /// `GET /api/market/nearby`: newest bump first; ask again with `cursor: nextCursor` for more.
    public struct NearbyPage: Codable, Sendable, Equatable {
        public var products: [NearbyProduct]
        /// Null on the last page.
        public var nextCursor: String?

        public init(products: [NearbyProduct], nextCursor: String?) {
            self.products = products
            self.nextCursor = nextCursor
        }

        enum CodingKeys: String, CodingKey {
            case products, nextCursor = "next_cursor"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(products, forKey: .products)
            try container.encode(nextCursor, forKey: .nextCursor)
        }
    }

    /// A word I am told about when a product whose name has it is listed within my range.
    public struct Keyword: Codable, Sendable, Equatable {
        /// Lowercased, as it matches.
        public var keyword: String
        public var createdAt: String

        public init(keyword: String, createdAt: String) {
            self.keyword = keyword
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case keyword, createdAt = "created_at"
        }
    }

    /// `GET /api/market/keywords`: mine, oldest first, and how many one may keep.
    public struct KeywordList: Codable, Sendable, Equatable {
        public var keywords: [Keyword]
        public var limit: Int

        public init(keywords: [Keyword], limit: Int) {
            self.keywords = keywords
            self.limit = limit
        }
    }

    /// `POST /api/market/keywords`: 1 to 20 characters once trimmed; one I have already is kept as it is.
    public struct KeywordRequest: Codable, Sendable, Equatable {
        public var keyword: String
        public init(keyword: String) { self.keyword = keyword }
    }
}
