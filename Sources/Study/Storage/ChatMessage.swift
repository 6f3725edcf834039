import Fluent
import SQLKit

/// One chat message between matched people (spec §4). `seq` orders messages of the same
/// millisecond as they were stored; `createdMilliseconds` is the time exactly as the clients see
/// it (`…SSS'Z'`), so "newer than the newest I hold" compares whole milliseconds and never hands
/// the newest message back.
final class ChatMessage: Model, @unchecked Sendable {
    static let schema = "study_chats"

    @ID(custom: "seq", generatedBy: .database) var id: Int?
    @Field(key: "object_id") var objectID: String
    @Field(key: "from_uid") var fromUID: String
    @Field(key: "to_uid") var toUID: String
    @Field(key: "chat") var chat: String
    @Field(key: "created_ms") var createdMilliseconds: Int64

    init() {}

    init(objectID: String, from: String, to: String, chat: String, createdMilliseconds: Int64) {
        self.objectID = objectID
        fromUID = from
        toUID = to
        self.chat = chat
        self.createdMilliseconds = createdMilliseconds
    }
}

struct CreateChatMessage: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ChatMessage.schema)
            .field("seq", .int, .identifier(auto: true))
            .field("object_id", .string, .required)
            .field("from_uid", .string, .required)
            .field("to_uid", .string, .required)
            .field("chat", .string, .required)
            .field("created_ms", .int64, .required)
            .unique(on: "object_id")
            .create()
        let sql = try database.sql()
        // A conversation is read by its pair, in both directions, newer than a time.
        try await sql.create(index: "study_chats_pair").on(ChatMessage.schema).column("from_uid").column("to_uid").column("created_ms").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ChatMessage.schema).delete()
    }
}
