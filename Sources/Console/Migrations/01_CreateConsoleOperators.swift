import Fluent

/// The accounts an operator named as moderators (`sprout accounts grant-admin`).
struct CreateConsoleOperators: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("console_operators")
            .field("account_id", .string, .identifier(auto: false), .references("accounts", "id", onDelete: .cascade))
            .field("granted_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("console_operators").delete()
    }
}
