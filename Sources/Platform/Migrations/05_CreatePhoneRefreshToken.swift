import Fluent

struct CreatePhoneRefreshToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("phone_refresh_tokens")
            .field("token_hash", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .field("signed_in_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("phone_refresh_tokens").delete()
    }
}
