import Fluent
import Foundation

/// One person reporting another; a reporter counts once per person reported.
final class StudyReport: Model, @unchecked Sendable {
    static let schema = "study_reports"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "reporter_uid") var reporterUID: String
    @Field(key: "reported_uid") var reportedUID: String
    @Field(key: "reasons") var reasons: [Int]
    @Field(key: "comment") var comment: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(reporter: String, reported: String, reasons: [Int], comment: String, createdAt: Date) {
        reporterUID = reporter
        reportedUID = reported
        self.reasons = reasons
        self.comment = comment
        self.createdAt = createdAt
    }
}

struct CreateStudyReport: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StudyReport.schema)
            .field("id", .int, .identifier(auto: true))
            .field("reporter_uid", .string, .required)
            .field("reported_uid", .string, .required, .references(StudyProfile.schema, "uid", onDelete: .cascade))
            .field("reasons", .array(of: .int), .required)
            .field("comment", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "reporter_uid", "reported_uid")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StudyReport.schema).delete()
    }
}
