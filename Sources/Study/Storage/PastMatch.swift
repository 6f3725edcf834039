import Fluent
import Foundation

/// That `uid` was matched with `partnerUID` at some point: a report counts towards barring
/// someone from the queue only from a person who studied with them (issue 29), and partnerships
/// are gone once a study ends. One row per side of every match.
final class PastMatch: Model, @unchecked Sendable {
    static let schema = "study_past_matches"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "uid") var uid: String
    @Field(key: "partner_uid") var partnerUID: String
    @Field(key: "matched_at") var matchedAt: Date

    init() {}

    init(uid: String, partnerUID: String, matchedAt: Date) {
        self.uid = uid
        self.partnerUID = partnerUID
        self.matchedAt = matchedAt
    }
}
