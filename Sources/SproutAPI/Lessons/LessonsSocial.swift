// Wire types of other people's profiles, follow and profile edit, spec §2.1 (U7, U8) and §2.5.

extension Lessons {
    /// `GET /v1/users/{user_id}/profile`
    public struct UserProfile: Codable, Sendable, Equatable {
        public var userID: String
        public var nick: String
        public var profileImage: String
        public var followers: [Person]
        public var following: [Person]
        public var posts: [String]

        public init(userID: String, nick: String, profileImage: String, followers: [Person], following: [Person], posts: [String]) {
            self.userID = userID
            self.nick = nick
            self.profileImage = profileImage
            self.followers = followers
            self.following = following
            self.posts = posts
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", nick, profileImage, followers, following, posts
        }
    }

    /// The answer to `POST` and `DELETE /v1/follow/{user_id}`.
    public struct FollowStatus: Codable, Sendable, Equatable {
        public var nick: String
        public var opponentNick: String
        public var followingStatus: Bool

        public init(nick: String, opponentNick: String, followingStatus: Bool) {
            self.nick = nick
            self.opponentNick = opponentNick
            self.followingStatus = followingStatus
        }

        enum CodingKeys: String, CodingKey {
            case nick, opponentNick = "opponent_nick", followingStatus = "following_status"
        }
    }
}
