import Fluent
import SQLKit

struct CreateSocketPresence: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_socket_presence")
            .field("key", .string, .identifier(auto: false))
            .field("uid", .string, .required)
            .field("instance", .string, .required)
            .field("seen_ms", .int64, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "study_socket_presence_uid").on(SQLIdentifier("study_socket_presence")).column("uid").run()
        try await sql.create(index: "study_socket_presence_instance").on(SQLIdentifier("study_socket_presence")).column("instance").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_socket_presence").delete()
    }
}
