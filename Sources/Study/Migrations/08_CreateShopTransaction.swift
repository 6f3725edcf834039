import Fluent

struct CreateShopTransaction: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_shop_transactions")
            .field("transaction_id", .string, .identifier(auto: false))
            .field("uid", .string, .required)
            .field("product_id", .string, .required)
            .field("granted_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_shop_transactions").delete()
    }
}
