import Fluent

/// `market_products.removed_at`: when the operator hid a product (`ProductRemoval`), nil for
/// every product until then. A nullable column is added alike on SQLite and PostgreSQL; the
/// table's read-version triggers already cover every write to it.
struct AddProductRemoval: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_products").field("removed_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_products").deleteField("removed_at").update()
    }
}
