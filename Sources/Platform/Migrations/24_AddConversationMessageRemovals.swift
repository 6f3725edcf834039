import Fluent

/// When the operator removed a message (`ConversationMessage.removedAt`); nil for every message
/// there is now, which stays shown.
struct AddConversationMessageRemovals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("conversation_messages").field("removed_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("conversation_messages").deleteField("removed_at").update()
    }
}
