import Fluent
import SQLKit

/// Photos uploaded into a conversation before a message takes them (the lessons contract's
/// `chats/{room}/files`), and an index for counting the conversations an account started lately.
struct CreateConversationUploads: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("conversation_uploads")
            .field("path", .string, .identifier(auto: false))
            .field("conversation_id", .string, .required, .references("conversations", "id", onDelete: .cascade))
            .field("uploader_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("uploaded_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX conversation_uploads_by_age ON conversation_uploads (uploaded_at)").run()
        try await sql.raw("CREATE INDEX conversations_by_starter ON conversations (started_by, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().raw("DROP INDEX conversations_by_starter").run()
        try await database.schema("conversation_uploads").delete()
    }
}
