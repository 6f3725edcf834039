import Fluent
import SQLKit

struct CreatePushOutbox: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("push_outbox")
            .field("id", .int, .identifier(auto: true))
            .field("app", .string, .required)
            .field("token", .string, .required)
            .field("title", .string, .required)
            .field("body", .string, .required)
            .field("data", .string, .required)
            .field("sound", .string)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().raw("CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("push_outbox").delete()
    }
}
