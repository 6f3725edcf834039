import Fluent

/// When the operator removed a message (`ConversationMessage.removedAt`); nil for every message
/// there is now, which stays shown.
struct AddConversationMessageRemovals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ConversationMessage.schema).field("removed_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ConversationMessage.schema).deleteField("removed_at").update()
    }
}
