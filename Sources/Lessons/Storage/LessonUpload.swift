import Fluent
import Foundation
import Platform
import SQLKit

/// A post photo uploaded and not yet listed by a post: who uploaded it, and when. The row goes
/// once a post takes the photo or `PostUploads.sweep` deletes it.
final class LessonUpload: Model, @unchecked Sendable {
    static let schema = "lessons_uploads"

    @ID(custom: "path", generatedBy: .user) var id: String?
    @Field(key: "account_id") var accountID: String
    @Field(key: "uploaded_at") var uploadedAt: Date

    init() {}

    init(path: String, accountID: String, uploadedAt: Date) {
        id = path
        self.accountID = accountID
        self.uploadedAt = uploadedAt
    }
}

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
