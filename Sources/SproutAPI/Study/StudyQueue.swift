// Wire types of the SeSAC Study contract's queue endpoints, spec §3.

extension Study {
    /// `POST /v1/queue`
    public struct QueueEntry: Sendable, Equatable {
        public var lat: Double
        public var long: Double
        /// The tags as typed; an empty list goes on the wire as the single tag `anything`.
        public var studylist: [String]

        public init(lat: Double, long: Double, studylist: [String]) {
            self.lat = lat
            self.long = long
            self.studylist = studylist
        }

        public var form: StudyForm {
            let tags = studylist.isEmpty ? [Study.anyStudy] : studylist
            return StudyForm([("lat", String(lat)), ("long", String(long))] + tags.map { ("studylist", $0) })
        }
    }

    /// What clients send when a person picked no study tag.
    public static let anyStudy = "anything"
    public static let maxStudyTags = 8
    public static let studyTagLength = 1...8

    /// One waiting person in a search answer.
    public struct QueueUser: Codable, Sendable, Equatable {
        public var uid: String
        public var nick: String
        public var lat: Double
        public var long: Double
        public var reputation: [Int]
        public var studylist: [String]
        public var reviews: [String]
        public var gender: Int
        /// A legacy field that late-2022 clients decode and never use; always 2 ("any").
        public var type: Int
        public var sesac: Int
        public var background: Int

        public init(uid: String, nick: String, lat: Double, long: Double, reputation: [Int], studylist: [String],
                    reviews: [String], gender: Int, type: Int = 2, sesac: Int, background: Int) {
            self.uid = uid
            self.nick = nick
            self.lat = lat
            self.long = long
            self.reputation = reputation
            self.studylist = studylist
            self.reviews = reviews
            self.gender = gender
            self.type = type
            self.sesac = sesac
            self.background = background
        }
    }

    /// `POST /v1/queue/search`
    public struct SearchResult: Codable, Sendable, Equatable {
        public var fromQueueDB: [QueueUser]
        public var fromQueueDBRequested: [QueueUser]
        public var fromRecommend: [String]

        public init(fromQueueDB: [QueueUser], fromQueueDBRequested: [QueueUser], fromRecommend: [String]) {
            self.fromQueueDB = fromQueueDB
            self.fromQueueDBRequested = fromQueueDBRequested
            self.fromRecommend = fromRecommend
        }
    }

    /// `GET /v1/queue/myQueueState` when the person is waiting or matched (200). `matchedNick` and
    /// `matchedUid` are `""` while waiting: a published client declares them non-optional.
    public struct QueueState: Codable, Sendable, Equatable {
        public var dodged: Int
        public var matched: Int
        public var reviewed: Int
        public var matchedNick: String
        public var matchedUid: String

        public init(dodged: Int, matched: Int, reviewed: Int, matchedNick: String, matchedUid: String) {
            self.dodged = dodged
            self.matched = matched
            self.reviewed = reviewed
            self.matchedNick = matchedNick
            self.matchedUid = matchedUid
        }
    }

    /// `POST /v1/queue/rate/{otheruid}`
    public struct Rating: Sendable, Equatable {
        public var otheruid: String
        /// One 0/1 per reputation title, 6 or 9 long.
        public var reputation: [Int]
        public var comment: String

        public init(otheruid: String, reputation: [Int], comment: String) {
            self.otheruid = otheruid
            self.reputation = reputation
            self.comment = comment
        }

        public var form: StudyForm {
            StudyForm([("otheruid", otheruid)] + reputation.map { ("reputation", String($0)) } + [("comment", comment)])
        }
    }
}
