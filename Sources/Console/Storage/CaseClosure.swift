import Fluent
import Foundation

final class CaseClosure: Model, @unchecked Sendable {
    static let schema = "console_case_closures"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "app") var app: String
    @Field(key: "subject") var subject: String
    @Field(key: "closed_up_to") var closedUpTo: Int
    @Field(key: "outcome") var outcome: String
    @OptionalField(key: "owner_id") var ownerID: String?
    @Field(key: "closed_at") var closedAt: Date

    init() {}

    init(app: String, subject: String, closedUpTo: Int, outcome: AuditLog.Action, ownerID: String?, closedAt: Date) {
        self.app = app
        self.subject = subject
        self.closedUpTo = closedUpTo
        self.outcome = outcome.rawValue
        self.ownerID = ownerID
        self.closedAt = closedAt
    }
}
