import Foundation

extension Market {
    /// Sprout's own endpoint: a signed-in account becomes a vendor. `secret` is shown only in the
    /// answers to creating and rotating; it is stored hashed.
    public struct VendorCredentials: Codable, Sendable, Equatable {
        public var vendorID: Int
        public var name: String
        public var identifier: String
        public var secret: String?

        public init(vendorID: Int, name: String, identifier: String, secret: String?) {
            self.vendorID = vendorID
            self.name = name
            self.identifier = identifier
            self.secret = secret
        }

        enum CodingKeys: String, CodingKey {
            case vendorID = "vendor_id", name, identifier, secret
        }
    }

    public struct BecomeVendorRequest: Codable, Sendable, Equatable {
        public var name: String
        public init(name: String) { self.name = name }
    }

    /// Whether the signed-in account likes a product.
    public struct LikeStatus: Codable, Sendable, Equatable {
        public var productID: Int
        public var liked: Bool

        public init(productID: Int, liked: Bool) {
            self.productID = productID
            self.liked = liked
        }

        enum CodingKeys: String, CodingKey {
            case productID = "product_id", liked
        }
    }
}
