import Foundation

extension Market {
    /// The `params` part of `POST /api/products`, and the body of `PATCH /api/products/{id}`.
    /// Every field is optional on the wire; the server says which are required for which call.
    /// `description` (2022b) and `descriptions` (2022a) are both read; numbers may be strings.
    public struct ProductParams: Codable, Sendable, Equatable {
        public var name: String?
        public var description: String?
        public var price: Double?
        public var currency: String?
        public var discountedPrice: Double?
        public var stock: Int?
        public var thumbnailID: Int?
        public var secret: String?

        public init(name: String? = nil, description: String? = nil, price: Double? = nil, currency: Currency? = nil, discountedPrice: Double? = nil, stock: Int? = nil, secret: String?) {
            self.name = name
            self.description = description
            self.price = price
            self.currency = currency?.rawValue
            self.discountedPrice = discountedPrice
            self.stock = stock
            self.secret = secret
        }

        enum CodingKeys: String, CodingKey {
            case name, description, descriptions, price, currency, discountedPrice = "discounted_price", stock
            case thumbnailID = "thumbnail_id", secret
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decodeIfPresent(LenientString.self, forKey: .name)?.value
            description = try (c.decodeIfPresent(LenientString.self, forKey: .description) ?? c.decodeIfPresent(LenientString.self, forKey: .descriptions))?.value
            price = try c.decodeIfPresent(LenientNumber.self, forKey: .price)?.value
            currency = try c.decodeIfPresent(LenientString.self, forKey: .currency)?.value
            discountedPrice = try c.decodeIfPresent(LenientNumber.self, forKey: .discountedPrice)?.value
            stock = try c.decodeIfPresent(LenientNumber.self, forKey: .stock)?.integer(for: .stock, in: c)
            thumbnailID = try c.decodeIfPresent(LenientNumber.self, forKey: .thumbnailID)?.integer(for: .thumbnailID, in: c)
            secret = try c.decodeIfPresent(LenientString.self, forKey: .secret)?.value
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(name, forKey: .name)
            try c.encodeIfPresent(description, forKey: .description)
            try c.encodeIfPresent(price, forKey: .price)
            try c.encodeIfPresent(currency, forKey: .currency)
            try c.encodeIfPresent(discountedPrice, forKey: .discountedPrice)
            try c.encodeIfPresent(stock, forKey: .stock)
            try c.encodeIfPresent(thumbnailID, forKey: .thumbnailID)
            try c.encodeIfPresent(secret, forKey: .secret)
        }
    }

    /// `POST /api/products/{id}/secret` and `…/archived`: `{"secret": …}`. Dotori encodes a bare
    /// JSON string instead; the server accepts that too.
    public struct SecretRequest: Codable, Sendable, Equatable {
        public var secret: String
        public init(secret: String) { self.secret = secret }
    }
}

/// A number as clients send it: a JSON number, or a numeric string (`"12000"`).
public struct LenientNumber: Codable, Sendable, Equatable {
    public let value: Double

    public init(_ value: Double) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
        } else if let text = try? container.decode(String.self), let number = Double(text.trimmingCharacters(in: .whitespaces)) {
            value = number
        } else {
            throw DecodingError.typeMismatch(Double.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a number"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    func integer<Key: CodingKey>(for key: Key, in container: KeyedDecodingContainer<Key>) throws -> Int {
        guard value.isFinite, value.rounded() == value, abs(value) < 1e15 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "expected a whole number")
        }
        return Int(value)
    }
}
