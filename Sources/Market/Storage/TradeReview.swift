import Fluent
import Foundation

/// What one side of a finished trade said of the other: once per product and reviewer.
final class TradeReview: Model, @unchecked Sendable {
    static let schema = "market_trade_reviews"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "product_id") var productID: Int
    @Field(key: "reviewer_id") var reviewerID: String
    @Field(key: "reviewee_id") var revieweeID: String
    /// A `TradeRating`.
    @Field(key: "rating") var rating: String
    @Field(key: "text") var text: String
    @Field(key: "created_at") var createdAt: Date
    /// `MannerTag` codes joined by commas; empty for none.
    @Field(key: "tags") var tags: String

    init() {}

    init(productID: Int, reviewerID: String, revieweeID: String, rating: TradeRating, text: String, tags: [MannerTag], createdAt: Date) {
        self.productID = productID
        self.reviewerID = reviewerID
        self.revieweeID = revieweeID
        self.rating = rating.rawValue
        self.text = text
        self.tags = MannerTag.stored(tags)
        self.createdAt = createdAt
    }
}
