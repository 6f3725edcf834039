// Wire types of the lessons (LSLP) contract's user and auth endpoints, spec §2.1.
// Requests decode leniently (numbers accepted as strings, optional fields absent); responses
// always carry every field the contract shows.

public enum Lessons {}

extension Lessons {
    /// `POST /v1/users/join`
    public struct JoinRequest: Codable, Sendable, Equatable {
        public var email: LenientString?
        public var password: LenientString?
        public var nick: LenientString?
        /// The published app sends its role flag here: "1" teacher, "0" student.
        public var phoneNum: LenientString?
        public var birthDay: LenientString?

        public init(email: String, password: String, nick: String, phoneNum: String? = nil, birthDay: String? = nil) {
            self.email = LenientString(email)
            self.password = LenientString(password)
            self.nick = LenientString(nick)
            self.phoneNum = phoneNum.map { LenientString($0) }
            self.birthDay = birthDay.map { LenientString($0) }
        }
    }

    /// The answer to join and to withdraw.
    public struct UserSummary: Codable, Sendable, Equatable {
        public var userID: String
        public var email: String
        public var nick: String

        public init(userID: String, email: String, nick: String) {
            self.userID = userID
            self.email = email
            self.nick = nick
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", email, nick
        }
    }

    /// `POST /v1/validation/email`
    public struct EmailValidationRequest: Codable, Sendable, Equatable {
        public var email: LenientString?
        public init(email: String) { self.email = LenientString(email) }
    }

    /// Success and error bodies alike: `{ "message": … }`.
    public struct Message: Codable, Sendable, Equatable {
        public var message: String
        public init(message: String) { self.message = message }
    }

    /// `POST /v1/users/login`
    public struct LoginRequest: Codable, Sendable, Equatable {
        public var email: LenientString?
        public var password: LenientString?

        public init(email: String, password: String) {
            self.email = LenientString(email)
            self.password = LenientString(password)
        }
    }

    public struct LoginResponse: Codable, Sendable, Equatable {
        public var userID: String
        public var email: String
        public var nick: String
        public var profileImage: String
        public var accessToken: String
        public var refreshToken: String

        public init(userID: String, email: String, nick: String, profileImage: String, accessToken: String, refreshToken: String) {
            self.userID = userID
            self.email = email
            self.nick = nick
            self.profileImage = profileImage
            self.accessToken = accessToken
            self.refreshToken = refreshToken
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", email, nick, profileImage, accessToken, refreshToken
        }
    }

    /// `GET /v1/auth/refresh`: only the access token rotates.
    public struct RefreshResponse: Codable, Sendable, Equatable {
        public var accessToken: String
        public init(accessToken: String) { self.accessToken = accessToken }
    }

    /// Someone in a followers or following list.
    public struct Person: Codable, Sendable, Equatable {
        public var userID: String
        public var nick: String
        public var profileImage: String

        public init(userID: String, nick: String, profileImage: String) {
            self.userID = userID
            self.nick = nick
            self.profileImage = profileImage
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", nick, profileImage
        }
    }

    /// `GET /v1/users/me/profile`
    public struct MyProfile: Codable, Sendable, Equatable {
        public var userID: String
        public var email: String
        public var nick: String
        public var phoneNum: String
        public var birthDay: String
        public var profileImage: String
        public var followers: [Person]
        public var following: [Person]
        /// The ids of this person's posts.
        public var posts: [String]

        public init(userID: String, email: String, nick: String, phoneNum: String, birthDay: String, profileImage: String, followers: [Person], following: [Person], posts: [String]) {
            self.userID = userID
            self.email = email
            self.nick = nick
            self.phoneNum = phoneNum
            self.birthDay = birthDay
            self.profileImage = profileImage
            self.followers = followers
            self.following = following
            self.posts = posts
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", email, nick, phoneNum, birthDay, profileImage, followers, following, posts
        }
    }
}
