import Fluent
import SQLKit

struct CreateChatMessage: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_chats")
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
        try await sql.create(index: "study_chats_pair").on(SQLIdentifier("study_chats")).column("from_uid").column("to_uid").column("created_ms").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_chats").delete()
    }
}
