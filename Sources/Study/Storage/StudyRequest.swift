import Fluent
import Foundation

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
