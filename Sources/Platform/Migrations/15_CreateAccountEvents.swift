import Fluent
import SQLKit

struct CreateAccountEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("account_events")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("data", .string, .required)
            .field("data_en", .string)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().raw("CREATE INDEX account_events_by_account ON account_events (account_id, id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("account_events").delete()
    }
}
