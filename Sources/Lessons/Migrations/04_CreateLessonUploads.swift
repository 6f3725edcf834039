import Fluent
import Platform
import SQLKit

struct CreateLessonUploads: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LessonUpload.schema)
            .field("path", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("uploaded_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "lessons_uploads_account").on(LessonUpload.schema).column("account_id").run()
        try await sql.create(index: "lessons_uploads_uploaded").on(LessonUpload.schema).column("uploaded_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LessonUpload.schema).delete()
    }
}
