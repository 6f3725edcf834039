import Fluent
import SQLKit

struct CreateWebSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WebSessionRow.schema)
            .field("id_digest", .string, .identifier(auto: false))
            .field("account_id", .string, .references(Account.schema, "id", onDelete: .cascade))
            .field("data", .string, .required)
            .field("expires_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "web_sessions_account").on(WebSessionRow.schema).column("account_id").run()
        try await sql.create(index: "web_sessions_expiry").on(WebSessionRow.schema).column("expires_at").run()
        // Fluent's session table, used before sessions expired: its rows never did.
        try await sql.raw("DROP TABLE IF EXISTS _fluent_sessions").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WebSessionRow.schema).delete()
    }
}
