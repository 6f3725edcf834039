import Fluent
import PlatformCore
import SQLKit

/// Gives every conversation the id its web page goes by (`ConversationRecord.webID`), so that no
/// link, notification or push names a conversation's id; those already there get a random one
/// each, and the notifications that linked to them link to it instead.
struct AddConversationWebIDs: AsyncMigration {
    private struct Row: Decodable { let id: String }

    func prepare(on database: any Database) async throws {
        try await database.schema("conversations").field("web_id", .string).update()
        let sql = try database.sql()
        for row in try await sql.select().column("id").from("conversations").all(decoding: Row.self) {
            let webID = IdentifierGenerator.secureRandom.token(byteCount: 12)
            try await sql.update("conversations").set("web_id", to: SQLBind(webID)).where("id", .equal, SQLBind(row.id)).run()
            try await sql.update("notifications").set("link", to: SQLBind("/inbox/" + webID))
                .where("link", .equal, SQLBind("/inbox/" + row.id)).run()
        }
        try await sql.raw("CREATE UNIQUE INDEX conversations_web_id ON conversations (web_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().raw("DROP INDEX conversations_web_id").run()
        try await database.schema("conversations").deleteField("web_id").update()
    }
}
