import Fluent

struct CreateAccount: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("accounts")
            .field("id", .string, .identifier(auto: false))
            .field("email", .string)
            .field("email_key", .string)
            .field("password_hash", .string)
            .field("display_name", .string, .required)
            .field("phone_number", .string)
            .field("created_at", .datetime, .required)
            .unique(on: "email_key")
            .unique(on: "phone_number")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("accounts").delete()
    }
}
