import Fluent
import Foundation

/// One person's report of something on one app: a listing, a lesson. `subject` is the app's own id
/// of it and `path` the page it is on, so an operator can open it.
final class Report: Model, @unchecked Sendable {
    static let schema = "reports"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "app") var app: String
    @Field(key: "subject") var subject: String
    @Field(key: "path") var path: String
    @Field(key: "reporter_id") var reporterID: String
    @Field(key: "reason") var reason: String
    @Field(key: "note") var note: String
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
