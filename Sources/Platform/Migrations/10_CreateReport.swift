import Fluent

struct CreateReport: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reports")
            .field("id", .int, .identifier(auto: true))
            .field("app", .string, .required)
            .field("subject", .string, .required)
            .field("path", .string, .required)
            .field("reporter_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("reason", .string, .required)
            .field("note", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "app", "subject", "reporter_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("reports").delete()
    }
}
