import Fluent
import SQLKit

struct CreateNotifications: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("notifications")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("app", .string, .required)
            .field("kind", .string, .required)
            .field("text_ko", .string, .required)
            .field("text_en", .string, .required)
            .field("link", .string, .required)
            .field("read", .bool, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema("notification_mutes")
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .unique(on: "account_id", "kind")
            .create()
        try await database.sql().raw("CREATE INDEX notifications_by_account ON notifications (account_id, id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("notification_mutes").delete()
        try await database.schema("notifications").delete()
    }
}
