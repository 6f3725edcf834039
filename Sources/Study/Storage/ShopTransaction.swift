import Fluent
import Foundation

/// An App Store transaction granted in the shop, keyed by its id: whoever first presents a
/// receipt holding it owns what it bought, and nobody else can present it again.
final class ShopTransaction: Model, @unchecked Sendable {
    static let schema = "study_shop_transactions"

    @ID(custom: "transaction_id", generatedBy: .user) var id: String?
    @Field(key: "uid") var uid: String
    @Field(key: "product_id") var productID: String
    @Field(key: "granted_at") var grantedAt: Date

    init() {}

    init(transactionID: String, uid: String, productID: String, grantedAt: Date) {
        id = transactionID
        self.uid = uid
        self.productID = productID
        self.grantedAt = grantedAt
    }
}
