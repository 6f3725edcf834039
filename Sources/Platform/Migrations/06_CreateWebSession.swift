import Fluent
import SQLKit

struct CreateWebSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("web_sessions")
            .field("id_digest", .string, .identifier(auto: false))
            .field("account_id", .string, .references("accounts", "id", onDelete: .cascade))
            .field("data", .string, .required)
            .field("expires_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "web_sessions_account").on(SQLIdentifier("web_sessions")).column("account_id").run()
        try await sql.create(index: "web_sessions_expiry").on(SQLIdentifier("web_sessions")).column("expires_at").run()
        // Fluent's session table, used before sessions expired: its rows never did.
        try await sql.raw("DROP TABLE IF EXISTS _fluent_sessions").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("web_sessions").delete()
    }
}
