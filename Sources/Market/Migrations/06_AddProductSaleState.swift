import Fluent
import SQLKit

/// `market_products.sale_state`, with every existing product still for sale.
struct AddProductSaleState: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_products")
            .field("sale_state", .string, .required, .sql(.default("selling")))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_products").deleteField("sale_state").update()
    }
}
