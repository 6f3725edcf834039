import Foundation

// Wire types of the open-market contract (spec market-api.md), in the 2022b ("openmarket") shape
// that Dotori Market's HEAD decodes. Where 2022a clients need other keys, the server sends both
// (page keys in camelCase and snake_case) so either generation's decoder finds what it expects.

public enum Market {}

extension Market {
    public enum Currency: String, Codable, Sendable, CaseIterable {
        case krw = "KRW"
        case usd = "USD"
    }

    /// A product in a list page.
    public struct ListedProduct: Codable, Sendable, Equatable, Identifiable {
        public var id: Int
        public var vendorID: Int
        public var vendorName: String
        public var name: String
        public var description: String
        /// Absolute URL of the first image's thumbnail.
        public var thumbnail: String
        public var currency: Currency
        public var price: Double
        /// `price - discountedPrice`, what the buyer pays.
        public var bargainPrice: Double
        /// The discount amount (not the final price); 0 for none.
        public var discountedPrice: Double
        public var stock: Int
        public var createdAt: String
        public var issuedAt: String

        public init(id: Int, vendorID: Int, vendorName: String, name: String, description: String, thumbnail: String, currency: Currency, price: Double, bargainPrice: Double, discountedPrice: Double, stock: Int, createdAt: String, issuedAt: String) {
            self.id = id
            self.vendorID = vendorID
            self.vendorName = vendorName
            self.name = name
            self.description = description
            self.thumbnail = thumbnail
            self.currency = currency
            self.price = price
            self.bargainPrice = bargainPrice
            self.discountedPrice = discountedPrice
            self.stock = stock
            self.createdAt = createdAt
            self.issuedAt = issuedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, vendorID = "vendor_id", vendorName, name, description, thumbnail, currency, price
            case bargainPrice = "bargain_price", discountedPrice = "discounted_price", stock
            case createdAt = "created_at", issuedAt = "issued_at"
        }
    }

    /// `GET /api/products`: one page of products, newest first.
    public struct Page: Sendable, Equatable {
        public var pageNo: Int
        public var itemsPerPage: Int
        public var totalCount: Int
        public var offset: Int
        public var limit: Int
        public var lastPage: Int
        public var hasNext: Bool
        public var hasPrev: Bool
        public var pages: [ListedProduct]

        public init(pageNo: Int, itemsPerPage: Int, totalCount: Int, pages: [ListedProduct]) {
            self.pageNo = pageNo
            self.itemsPerPage = itemsPerPage
            self.totalCount = totalCount
            self.offset = (pageNo - 1) * itemsPerPage
            self.limit = offset + itemsPerPage
            self.lastPage = totalCount == 0 ? 0 : (totalCount + itemsPerPage - 1) / itemsPerPage
            self.hasNext = pageNo < lastPage
            self.hasPrev = pageNo > 1
            self.pages = pages
        }
    }

    public struct Image: Codable, Sendable, Equatable {
        public var id: Int
        public var url: String
        public var thumbnailURL: String
        public var issuedAt: String

        public init(id: Int, url: String, thumbnailURL: String, issuedAt: String) {
            self.id = id
            self.url = url
            self.thumbnailURL = thumbnailURL
            self.issuedAt = issuedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, url, thumbnailURL = "thumbnail_url", issuedAt = "issued_at", succeed
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            url = try container.decode(String.self, forKey: .url)
            thumbnailURL = try container.decode(String.self, forKey: .thumbnailURL)
            issuedAt = try container.decode(String.self, forKey: .issuedAt)
        }

        /// Also writes 2022a's `succeed: true`, which older clients still decode.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(url, forKey: .url)
            try container.encode(thumbnailURL, forKey: .thumbnailURL)
            try container.encode(issuedAt, forKey: .issuedAt)
            try container.encode(true, forKey: .succeed)
        }
    }

    public struct Vendor: Codable, Sendable, Equatable {
        public var id: Int
        public var name: String
        public var createdAt: String
        public var issuedAt: String

        public init(id: Int, name: String, createdAt: String, issuedAt: String) {
            self.id = id
            self.name = name
            self.createdAt = createdAt
            self.issuedAt = issuedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, name, createdAt = "created_at", issuedAt = "issued_at"
        }
    }

    /// `GET /api/products/{id}`, and the answer to register, edit and delete.
    public struct ProductDetail: Codable, Sendable, Equatable, Identifiable {
        public var id: Int
        public var vendorID: Int
        public var name: String
        public var description: String
        public var thumbnail: String
        public var currency: Currency
        public var price: Double
        public var bargainPrice: Double
        public var discountedPrice: Double
        public var stock: Int
        public var createdAt: String
        public var issuedAt: String
        public var images: [Image]
        public var vendors: Vendor

        public init(id: Int, vendorID: Int, name: String, description: String, thumbnail: String, currency: Currency, price: Double, bargainPrice: Double, discountedPrice: Double, stock: Int, createdAt: String, issuedAt: String, images: [Image], vendors: Vendor) {
            self.id = id
            self.vendorID = vendorID
            self.name = name
            self.description = description
            self.thumbnail = thumbnail
            self.currency = currency
            self.price = price
            self.bargainPrice = bargainPrice
            self.discountedPrice = discountedPrice
            self.stock = stock
            self.createdAt = createdAt
            self.issuedAt = issuedAt
            self.images = images
            self.vendors = vendors
        }

        enum CodingKeys: String, CodingKey {
            case id, vendorID = "vendor_id", name, description, thumbnail, currency, price
            case bargainPrice = "bargain_price", discountedPrice = "discounted_price", stock
            case createdAt = "created_at", issuedAt = "issued_at", images, vendors
        }
    }
}

extension Market.Page: Codable {
    enum CodingKeys: String, CodingKey {
        case pageNo, itemsPerPage, totalCount, offset, limit, lastPage, hasNext, hasPrev, pages
        case pageNoSnake = "page_no", itemsPerPageSnake = "items_per_page", totalCountSnake = "total_count"
        case lastPageSnake = "last_page", hasNextSnake = "has_next", hasPrevSnake = "has_prev"
    }

    /// Reads either generation's keys.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func pick<T: Decodable>(_ camel: CodingKeys, _ snake: CodingKeys) throws -> T {
            if let value = try c.decodeIfPresent(T.self, forKey: camel) { return value }
            return try c.decode(T.self, forKey: snake)
        }
        pageNo = try pick(.pageNo, .pageNoSnake)
        itemsPerPage = try pick(.itemsPerPage, .itemsPerPageSnake)
        totalCount = try pick(.totalCount, .totalCountSnake)
        offset = try c.decode(Int.self, forKey: .offset)
        limit = try c.decode(Int.self, forKey: .limit)
        lastPage = try pick(.lastPage, .lastPageSnake)
        hasNext = try pick(.hasNext, .hasNextSnake)
        hasPrev = try pick(.hasPrev, .hasPrevSnake)
        pages = try c.decode([Market.ListedProduct].self, forKey: .pages)
    }

    /// Writes 2022b's camelCase keys and 2022a's snake_case ones side by side.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pageNo, forKey: .pageNo)
        try c.encode(itemsPerPage, forKey: .itemsPerPage)
        try c.encode(totalCount, forKey: .totalCount)
        try c.encode(offset, forKey: .offset)
        try c.encode(limit, forKey: .limit)
        try c.encode(lastPage, forKey: .lastPage)
        try c.encode(hasNext, forKey: .hasNext)
        try c.encode(hasPrev, forKey: .hasPrev)
        try c.encode(pages, forKey: .pages)
        try c.encode(pageNo, forKey: .pageNoSnake)
        try c.encode(itemsPerPage, forKey: .itemsPerPageSnake)
        try c.encode(totalCount, forKey: .totalCountSnake)
        try c.encode(lastPage, forKey: .lastPageSnake)
        try c.encode(hasNext, forKey: .hasNextSnake)
        try c.encode(hasPrev, forKey: .hasPrevSnake)
    }
}
