import Fluent
import Foundation

/// One side of a match: `uid` is studying with `partnerUID`. A match writes two rows, one per
/// side, and the primary key on `uid` is what makes matching race-free: a second match for the
/// same person cannot be written. A side's row goes when that person ends the study (dodge or
/// review); the other side then sees `partnerDodged` or `partnerReviewed`.
final class Partnership: Model, @unchecked Sendable {
    static let schema = "study_partnerships"

    @ID(custom: "uid", generatedBy: .user) var id: String?
    @Field(key: "partner_uid") var partnerUID: String
    /// Kept with the match so it can still be shown after the partner withdraws.
    @Field(key: "partner_nick") var partnerNick: String
    @Field(key: "partner_dodged") var partnerDodged: Bool
    @Field(key: "partner_reviewed") var partnerReviewed: Bool
    @Field(key: "matched_at") var matchedAt: Date

    init() {}

    init(uid: String, partnerUID: String, partnerNick: String, matchedAt: Date) {
        id = uid
        self.partnerUID = partnerUID
        self.partnerNick = partnerNick
        partnerDodged = false
        partnerReviewed = false
        self.matchedAt = matchedAt
    }
}
