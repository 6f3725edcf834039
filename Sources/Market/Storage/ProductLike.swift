import Fluent
import Foundation
import Platform

/// An account likes a product (the original app kept this on the device).
final class ProductLike: Model, @unchecked Sendable {
    static let schema = "market_likes"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Parent(key: "account_id") var account: Account
    @Parent(key: "product_id") var product: Product
    @Field(key: "liked_at") var likedAt: Date

    init() {}

    init(accountID: String, productID: Int, likedAt: Date) {
        $account.id = accountID
        $product.id = productID
        self.likedAt = likedAt
    }
}
