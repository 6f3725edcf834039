import Fluent
import Foundation

/// Someone who opened a product's page: an account, or a browser by its cookie's digest.
final class ProductView: Model, @unchecked Sendable {
    static let schema = "market_product_views"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "product_id") var productID: Int
    @Field(key: "viewer") var viewer: String
    @Field(key: "viewed_at") var viewedAt: Date

    init() {}
}
