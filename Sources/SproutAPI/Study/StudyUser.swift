// Wire types of the SeSAC Study contract's user endpoints, spec §2. Requests are form-urlencoded
// (see `StudyForm`); answers carry every field the contract shows, always with its JSON type.

public enum Study {}

extension Study {
    /// `GET /v1/user` and `GET /v1/user/shop/myinfo`: all 27 keys, always present.
    public struct User: Codable, Sendable, Equatable {
        public var id: String
        public var version: Int
        public var uid: String
        public var phoneNumber: String
        public var email: String
        public var fcmToken: String
        public var nick: String
        /// ISO 8601 in UTC with milliseconds: `2000-01-01T00:00:00.000Z`.
        public var birth: String
        public var gender: Int
        public var study: String
        public var comment: [String]
        /// Counters for the reputation titles; at least `Study.reputationLength` long.
        public var reputation: [Int]
        public var sesac: Int
        public var sesacCollection: [Int]
        public var background: Int
        public var backgroundCollection: [Int]
        public var purchaseToken: [String]
        public var transactionId: [String]
        public var reviewedBefore: [String]
        public var reportedNum: Int
        public var reportedUser: [String]
        public var dodgepenalty: Int
        public var dodgeNum: Int
        public var ageMin: Int
        public var ageMax: Int
        public var searchable: Int
        public var createdAt: String

        public init(
            id: String, version: Int = 0, uid: String, phoneNumber: String, email: String, fcmToken: String,
            nick: String, birth: String, gender: Int, study: String, comment: [String], reputation: [Int],
            sesac: Int, sesacCollection: [Int], background: Int, backgroundCollection: [Int],
            purchaseToken: [String], transactionId: [String], reviewedBefore: [String], reportedNum: Int,
            reportedUser: [String], dodgepenalty: Int, dodgeNum: Int, ageMin: Int, ageMax: Int, searchable: Int, createdAt: String
        ) {
            self.id = id
            self.version = version
            self.uid = uid
            self.phoneNumber = phoneNumber
            self.email = email
            self.fcmToken = fcmToken
            self.nick = nick
            self.birth = birth
            self.gender = gender
            self.study = study
            self.comment = comment
            self.reputation = reputation
            self.sesac = sesac
            self.sesacCollection = sesacCollection
            self.background = background
            self.backgroundCollection = backgroundCollection
            self.purchaseToken = purchaseToken
            self.transactionId = transactionId
            self.reviewedBefore = reviewedBefore
            self.reportedNum = reportedNum
            self.reportedUser = reportedUser
            self.dodgepenalty = dodgepenalty
            self.dodgeNum = dodgeNum
            self.ageMin = ageMin
            self.ageMax = ageMax
            self.searchable = searchable
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id = "_id", version = "__v", uid, phoneNumber, email, fcmToken = "FCMtoken", nick, birth, gender,
                 study, comment, reputation, sesac, sesacCollection, background, backgroundCollection,
                 purchaseToken, transactionId, reviewedBefore, reportedNum, reportedUser, dodgepenalty,
                 dodgeNum, ageMin, ageMax, searchable, createdAt
        }
    }

    /// The reputation titles, in the order of the `reputation` array (spec §2). Clients send 6 or
    /// 9 values when they rate; the server keeps 9 slots, the last three unused by the apps.
    public enum ReputationTitle: Int, CaseIterable, Sendable {
        case goodManners, punctual, quickReplies, kind, skilled, usefulTime
    }

    public static let reputationLength = 9

    /// Gender as the contract numbers it.
    public enum Gender: Int, Codable, Sendable, CaseIterable {
        case woman = 0, man = 1
    }

    /// `POST /v1/user`
    public struct Signup: Sendable, Equatable {
        public var phoneNumber: String
        public var fcmToken: String
        public var nick: String
        /// As clients send it: ISO with milliseconds and `Z`, an offset, or Swift's `Date` description.
        public var birth: String
        public var email: String
        public var gender: Gender

        public init(phoneNumber: String, fcmToken: String, nick: String, birth: String, email: String, gender: Gender) {
            self.phoneNumber = phoneNumber
            self.fcmToken = fcmToken
            self.nick = nick
            self.birth = birth
            self.email = email
            self.gender = gender
        }

        public var form: StudyForm {
            StudyForm([("phoneNumber", phoneNumber), ("FCMtoken", fcmToken), ("nick", nick), ("birth", birth),
                       ("email", email), ("gender", String(gender.rawValue))])
        }
    }

    /// `PUT /v1/user/mypage`
    public struct MyPage: Sendable, Equatable {
        public var searchable: Bool
        public var ageMin: Int
        public var ageMax: Int
        public var gender: Gender
        public var study: String

        public init(searchable: Bool, ageMin: Int, ageMax: Int, gender: Gender, study: String) {
            self.searchable = searchable
            self.ageMin = ageMin
            self.ageMax = ageMax
            self.gender = gender
            self.study = study
        }

        public var form: StudyForm {
            StudyForm([("searchable", searchable ? "1" : "0"), ("ageMin", String(ageMin)), ("ageMax", String(ageMax)),
                       ("gender", String(gender.rawValue)), ("study", study)])
        }
    }

    /// The partner age range the apps' slider allows.
    public static let partnerAges = 18...65
    /// The youngest a person may sign up (만 17세).
    public static let minimumAge = 17
    public static let nicknameLength = 1...10
}
