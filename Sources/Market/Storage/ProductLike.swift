import Fluent
import Foundation
import Platform
import SQLKit

/// An account likes a product (the original app kept this on the device).
final class ProductLike: Model, @unchecked Sendable {
    static let schema = "market_likes"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Parent(key: "account_id") var account: Account
    @Parent(key: "product_id") var product: Product
    @Field(key: "liked_at") var likedAt: Date

    init() {}

    init(accountID: String, productID: Int, likedAt: Date) {
        $account.id = accountID
        $product.id = productID
        self.likedAt = likedAt
    }
}

struct CreateProductLike: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ProductLike.schema)
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("product_id", .int, .required, .references(Product.schema, "id", onDelete: .cascade))
            .field("liked_at", .datetime, .required)
            .unique(on: "account_id", "product_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ProductLike.schema).delete()
    }
}

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
