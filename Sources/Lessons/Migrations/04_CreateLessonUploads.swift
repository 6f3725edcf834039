import Fluent
import Platform
import SQLKit

struct CreateLessonUploads: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lessons_uploads")
            .field("path", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("uploaded_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "lessons_uploads_account").on(SQLIdentifier("lessons_uploads")).column("account_id").run()
        try await sql.create(index: "lessons_uploads_uploaded").on(SQLIdentifier("lessons_uploads")).column("uploaded_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("lessons_uploads").delete()
    }
}
