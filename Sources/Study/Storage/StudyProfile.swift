import Fluent
import Foundation

/// A person's SeSAC Study profile, keyed by their Sprout account id, which is also the `uid` their
/// phone sign-in token carries. The counters and collections are kept here, not derived, because
/// every search answer shows them for each nearby person.
final class StudyProfile: Model, @unchecked Sendable {
    static let schema = "study_profiles"

    @ID(custom: "uid", generatedBy: .user) var id: String?
    /// The MongoDB-shaped `_id` clients store.
    @Field(key: "object_id") var objectID: String
    @Field(key: "phone_number") var phoneNumber: String
    @Field(key: "email") var email: String
    @Field(key: "fcm_token") var fcmToken: String
    @Field(key: "nick") var nick: String
    @Field(key: "birth") var birth: Date
    @Field(key: "gender") var gender: Int
    @Field(key: "study") var study: String
    @Field(key: "comments") var comments: [String]
    @Field(key: "reputation") var reputation: [Int]
    @Field(key: "sesac") var sesac: Int
    @Field(key: "sesac_collection") var sesacCollection: [Int]
    @Field(key: "background") var background: Int
    @Field(key: "background_collection") var backgroundCollection: [Int]
    @Field(key: "purchase_tokens") var purchaseTokens: [String]
    @Field(key: "transaction_ids") var transactionIDs: [String]
    @Field(key: "reviewed_before") var reviewedBefore: [String]
    @Field(key: "reported_num") var reportedNum: Int
    @Field(key: "reported_users") var reportedUsers: [String]
    /// The penalty level of the latest dodge, 1–3; 0 before any.
    @Field(key: "dodge_penalty") var dodgePenalty: Int
    @Field(key: "dodge_num") var dodgeNum: Int
    /// Dodges counted towards the next penalty level; forgotten a day after the last one.
    @Field(key: "recent_dodges") var recentDodges: Int
    @OptionalField(key: "last_dodge_at") var lastDodgeAt: Date?
    @OptionalField(key: "penalty_until") var penaltyUntil: Date?
    @Field(key: "age_min") var ageMin: Int
    @Field(key: "age_max") var ageMax: Int
    @Field(key: "searchable") var searchable: Int
    @Field(key: "version") var version: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(uid: String, objectID: String, phoneNumber: String, email: String, fcmToken: String, nick: String,
         birth: Date, gender: Int, createdAt: Date) {
        id = uid
        self.objectID = objectID
        self.phoneNumber = phoneNumber
        self.email = email
        self.fcmToken = fcmToken
        self.nick = nick
        self.birth = birth
        self.gender = gender
        study = ""
        comments = []
        reputation = Array(repeating: 0, count: 9)
        sesac = 0
        sesacCollection = [0]
        background = 0
        backgroundCollection = [0]
        purchaseTokens = []
        transactionIDs = []
        reviewedBefore = []
        reportedNum = 0
        reportedUsers = []
        dodgePenalty = 0
        dodgeNum = 0
        recentDodges = 0
        ageMin = 18
        ageMax = 65
        searchable = 1
        version = 0
        self.createdAt = createdAt
    }
}
