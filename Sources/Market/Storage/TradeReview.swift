import Fluent
import Foundation
import Platform

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

    init() {}

    init(productID: Int, reviewerID: String, revieweeID: String, rating: TradeRating, text: String, createdAt: Date) {
        self.productID = productID
        self.reviewerID = reviewerID
        self.revieweeID = revieweeID
        self.rating = rating.rawValue
        self.text = text
        self.createdAt = createdAt
    }
}

/// Who a product is reserved for or sold to, and the reviews of finished trades.
struct AddTrades: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Product.schema).field("buyer_account_id", .string).update()
        try await database.schema(TradeReview.schema)
            .field("id", .int, .identifier(auto: true))
            .field("product_id", .int, .required, .references(Product.schema, "id", onDelete: .cascade))
            .field("reviewer_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("reviewee_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("rating", .string, .required)
            .field("text", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "product_id", "reviewer_id")
            .create()
        try await database.sql().raw("CREATE INDEX market_trade_reviews_reviewee ON market_trade_reviews (reviewee_id, id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TradeReview.schema).delete()
        try await database.schema(Product.schema).deleteField("buyer_account_id").update()
    }
}
