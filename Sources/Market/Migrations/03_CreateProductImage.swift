import Fluent

struct CreateProductImage: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ProductImage.schema)
            .field("id", .int, .identifier(auto: true))
            .field("product_id", .int, .required, .references(Product.schema, "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("original_path", .string, .required)
            .field("thumbnail_path", .string, .required)
            .field("issued_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ProductImage.schema).delete()
    }
}
