import Fluent
import Platform
import SQLKit

/// Indexes for the lookups by parent: a vendor's products, a product's images, an account's likes.
struct IndexMarketForeignKeys: AsyncMigration {
    static let indexes = [
        ("market_products_vendor", "market_products", "vendor_id"),
        ("market_product_images_product", "market_product_images", "product_id, position"),
        ("market_likes_account", "market_likes", "account_id, liked_at"),
    ]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        for (name, table, columns) in Self.indexes {
            try await sql.raw("CREATE INDEX \(unsafeRaw: name) ON \(unsafeRaw: table) (\(unsafeRaw: columns))").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for (name, _, _) in Self.indexes {
            try await sql.raw("DROP INDEX \(unsafeRaw: name)").run()
        }
    }
}
