import Fluent

struct CreateAPIKey: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("api_keys")
            .field("key_hash", .string, .identifier(auto: false))
            .field("name", .string, .required)
            .field("prefix", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("api_keys").delete()
    }
}
