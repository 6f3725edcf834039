import Fluent
import Foundation
import SQLKit

/// "I'd like to study with you": one waiting person asking another. Both leave the table when
/// either stops waiting.
final class StudyRequest: Model, @unchecked Sendable {
    static let schema = "study_requests"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "from_uid") var fromUID: String
    @Field(key: "to_uid") var toUID: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(from: String, to: String, createdAt: Date) {
        fromUID = from
        toUID = to
        self.createdAt = createdAt
    }
}

struct CreateStudyRequest: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StudyRequest.schema)
            .field("id", .int, .identifier(auto: true))
            .field("from_uid", .string, .required, .references(StudyProfile.schema, "uid", onDelete: .cascade))
            .field("to_uid", .string, .required, .references(StudyProfile.schema, "uid", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "from_uid", "to_uid")
            .create()
        // "Who asked me" is read on every search.
        try await database.sql().raw("CREATE INDEX study_requests_to ON study_requests (to_uid)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StudyRequest.schema).delete()
    }
}
