import Fluent
import Foundation

/// How one side ended a study on the web, and whether they have reviewed the partner since. The
/// contract ends a side's study by deleting its partnership row, so the one who ends it keeps
/// this instead: it is what lets them review afterwards, exactly once, and what tells the partner
/// that "만났어요" ended it rather than a review from an app. One row per side per ending.
final class StudyEnding: Model, @unchecked Sendable {
    static let schema = "study_endings"

    enum How: String, Sendable {
        /// "만났어요": they met, and neither pays a penalty.
        case met
        /// "스터디 종료": the contract's dodge, with its penalty unless the partner ended it first.
        case ended
        /// My review, once the partner had ended the study: it ends my side, as the contract's
        /// `rate` does, and is the one review this ending allows.
        case reviewed
    }

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "uid") var uid: String
    @Field(key: "partner_uid") var partnerUID: String
    /// Kept with the ending, as the partnership kept it, for the page that asks for the review.
    @Field(key: "partner_nick") var partnerNick: String
    /// A `How`, by its raw value.
    @Field(key: "how") var how: String
    @Field(key: "ended_at") var endedAt: Date
    @Field(key: "reviewed") var reviewed: Bool

    init() {}

    init(uid: String, partnerUID: String, partnerNick: String, how: How, endedAt: Date) {
        self.uid = uid
        self.partnerUID = partnerUID
        self.partnerNick = partnerNick
        self.how = how.rawValue
        self.endedAt = endedAt
        reviewed = false
    }
}
