import Fluent
import Foundation

/// One of a product's 1–5 images, in upload order, as two stored files.
final class ProductImage: Model, @unchecked Sendable {
    static let schema = "market_product_images"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Parent(key: "product_id") var product: Product
    @Field(key: "position") var position: Int
    /// Relative `uploads/…` paths.
    @Field(key: "original_path") var originalPath: String
    @Field(key: "thumbnail_path") var thumbnailPath: String
    @Field(key: "issued_at") var issuedAt: Date

    init() {}

    init(productID: Int, position: Int, originalPath: String, thumbnailPath: String, issuedAt: Date) {
        $product.id = productID
        self.position = position
        self.originalPath = originalPath
        self.thumbnailPath = thumbnailPath
        self.issuedAt = issuedAt
    }
}
