import Fluent
import SQLKit

struct CreatePushSubscriptions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("push_subscriptions")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("address", .string, .required)
            .field("p256dh", .string)
            .field("auth", .string)
            .field("english", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "address")
            .create()
        try await database.sql().raw("CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id)").run()
        // A push may wait until its notification's event is seen on a live stream (`unless_seen`).
        // One column an ALTER: SQLite adds no more at once.
        try await database.schema("push_outbox")
            .field("channel", .string, .required, .sql(.default("device"))).update()
        try await database.schema("push_outbox").field("unless_seen", .int).update()
        try await database.schema("account_events").field("seen", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("account_events").deleteField("seen").update()
        try await database.schema("push_outbox").deleteField("unless_seen").update()
        try await database.schema("push_outbox").deleteField("channel").update()
        try await database.schema("push_subscriptions").delete()
    }
}
