import Fluent
import FluentSQL
import Platform

/// `market_products.category` (every existing product `other`) and `market_product_views`, one
/// row per person or browser that opened a product's page.
struct AddProductCategoryAndViews: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_products")
            .field("category", .string, .required, .sql(.default("other")))
            .update()
        try await database.schema("market_product_views")
            .field("id", .int, .identifier(auto: true))
            .field("product_id", .int, .required, .references("market_products", "id", onDelete: .cascade))
            .field("viewer", .string, .required)
            .field("viewed_at", .datetime, .required)
            .unique(on: "product_id", "viewer")
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX market_products_category ON \(ident: "market_products") (category, id)").run()
        try await sql.raw("CREATE INDEX market_likes_product ON \(ident: "market_likes") (product_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_product_views").delete()
        try await database.schema("market_products").deleteField("category").update()
    }
}
