import Fluent
import SQLKit

struct CreatePhoneVerification: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("phone_verifications")
            .field("session_info", .string, .identifier(auto: false))
            .field("phone_number", .string, .required)
            .field("code_digest", .string, .required)
            .field("visible_code", .string)
            .field("client_address", .string, .required)
            .field("attempts", .int, .required)
            .field("used_by", .string)
            .field("is_test_number", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .create()
        // The hourly limits count by number and by address over recent rows.
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX phone_verifications_phone ON phone_verifications (phone_number, created_at)").run()
        try await sql.raw("CREATE INDEX phone_verifications_client ON phone_verifications (client_address, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("phone_verifications").delete()
    }
}
