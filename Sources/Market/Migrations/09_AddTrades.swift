import Fluent
import Platform

/// Who a product is reserved for or sold to, and the reviews of finished trades.
struct AddTrades: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_products").field("buyer_account_id", .string).update()
        try await database.schema("market_trade_reviews")
            .field("id", .int, .identifier(auto: true))
            .field("product_id", .int, .required, .references("market_products", "id", onDelete: .cascade))
            .field("reviewer_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("reviewee_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("rating", .string, .required)
            .field("text", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "product_id", "reviewer_id")
            .create()
        try await database.sql().raw("CREATE INDEX market_trade_reviews_reviewee ON market_trade_reviews (reviewee_id, id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_trade_reviews").delete()
        try await database.schema("market_products").deleteField("buyer_account_id").update()
    }
}
