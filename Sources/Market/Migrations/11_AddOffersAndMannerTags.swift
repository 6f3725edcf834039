import Fluent
import Platform
import SQLKit

/// The 매너 tags a trade review gives (`market_trade_reviews.tags`, codes joined by commas), whether
/// a seller takes price offers (`market_products.allows_offers`), and the offers
/// (`market_offers`). An offer names its conversation by id without a foreign key: a conversation
/// is the platform's, gone only with an account, and the buyer's account takes its offers along.
struct AddOffersAndMannerTags: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_trade_reviews").field("tags", .string, .required, .sql(.default(""))).update()
        try await database.schema("market_products").field("allows_offers", .bool, .required, .sql(.default(false))).update()
        try await database.schema("market_offers")
            .field("id", .int, .identifier(auto: true))
            .field("product_id", .int, .required, .references("market_products", "id", onDelete: .cascade))
            .field("conversation_id", .string, .required)
            .field("buyer_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            // Up to the largest price a product holds (`ProductRules.largestNumber`): beyond 32 bits.
            .field("price", .int64, .required)
            .field("state", .string, .required)
            .field("created_at", .datetime, .required)
            .field("decided_at", .datetime)
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX market_offers_product ON market_offers (product_id, id)").run()
        // One offer per buyer waits for the seller: a new one withdraws it in the same write.
        try await sql.raw("CREATE UNIQUE INDEX market_offers_one_pending ON market_offers (product_id, buyer_id) WHERE state = 'pending'").run()
        // A product has at most one accepted offer: the price of its one trade.
        try await sql.raw("CREATE UNIQUE INDEX market_offers_one_accepted ON market_offers (product_id) WHERE state = 'accepted'").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_offers").delete()
        try await database.schema("market_products").deleteField("allows_offers").update()
        try await database.schema("market_trade_reviews").deleteField("tags").update()
    }
}
