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
