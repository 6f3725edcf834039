import Fluent

struct CreateProduct: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_products")
            .field("id", .int, .identifier(auto: true))
            .field("vendor_id", .int, .required, .references("market_vendors", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string, .required)
            .field("search_text", .string, .required)
            .field("currency", .string, .required)
            .field("price", .double, .required)
            .field("discounted_price", .double, .required)
            .field("stock", .int, .required)
            .field("delete_token", .string, .required)
            .field("thumbnail_image_id", .int)
            .field("created_at", .datetime, .required)
            .field("issued_at", .datetime, .required)
            .unique(on: "delete_token")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_products").delete()
    }
}
