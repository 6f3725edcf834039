import Fluent

struct CreateVendor: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("market_vendors")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("identifier", .string, .required)
            .field("secret_digest", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "account_id")
            .unique(on: "name")
            .unique(on: "identifier")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("market_vendors").delete()
    }
}
