import Fluent

struct CreateProductImage: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_product_images")
            .field("id", .int, .identifier(auto: true))
            .field("product_id", .int, .required, .references("market_products", "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("original_path", .string, .required)
            .field("thumbnail_path", .string, .required)
            .field("issued_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_product_images").delete()
    }
}
