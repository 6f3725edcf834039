import Fluent
import SQLKit

struct CreateConversations: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("conversations")
            .field("id", .string, .identifier(auto: false))
            .field("about_app", .string, .required)
            .field("about_id", .string, .required)
            .field("first_member", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("second_member", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("started_by", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_message_id", .int, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "about_app", "about_id", "first_member", "second_member")
            .create()
        try await database.schema("conversation_members")
            .field("id", .int, .identifier(auto: true))
            .field("conversation_id", .string, .required, .references("conversations", "id", onDelete: .cascade))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("read_up_to", .int, .required)
            .unique(on: "account_id", "conversation_id")
            .create()
        try await database.schema("conversation_messages")
            .field("id", .int, .identifier(auto: true))
            .field("conversation_id", .string, .required, .references("conversations", "id", onDelete: .cascade))
            .field("sender_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("text", .string, .required)
            .field("files", .string, .required)
            .field("sent_at", .datetime, .required)
            .create()
        try await database.schema("account_blocks")
            .field("id", .int, .identifier(auto: true))
            .field("blocker_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("blocked_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "blocker_id", "blocked_id")
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX conversation_messages_by_conversation ON conversation_messages (conversation_id, id)").run()
        try await sql.raw("CREATE INDEX conversation_members_by_conversation ON conversation_members (conversation_id)").run()
    }

    func revert(on database: any Database) async throws {
        for schema in ["account_blocks", "conversation_messages", "conversation_members", "conversations"] {
            try await database.schema(schema).delete()
        }
    }
}
