import Fluent

struct CreateProductLike: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_likes")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("product_id", .int, .required, .references("market_products", "id", onDelete: .cascade))
            .field("liked_at", .datetime, .required)
            .unique(on: "account_id", "product_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_likes").delete()
    }
}
