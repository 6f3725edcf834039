import Foundation

/// Sprout's own account API (`/api/auth/…`), used by the SDK and by apps whose original contract
/// had no accounts (the market's vendors and likes).
public enum SproutAccount {
    public struct JoinRequest: Codable, Sendable, Equatable {
        public var email: String
        public var password: String
        public var name: String

        public init(email: String, password: String, name: String) {
            self.email = email
            self.password = password
            self.name = name
        }
    }

    public struct LoginRequest: Codable, Sendable, Equatable {
        public var email: String
        public var password: String

        public init(email: String, password: String) {
            self.email = email
            self.password = password
        }
    }

    public struct Session: Codable, Sendable, Equatable {
        public var userID: String
        public var email: String
        public var name: String
        public var accessToken: String
        public var refreshToken: String

        public init(userID: String, email: String, name: String, accessToken: String, refreshToken: String) {
            self.userID = userID
            self.email = email
            self.name = name
            self.accessToken = accessToken
            self.refreshToken = refreshToken
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", email, name, accessToken, refreshToken
        }
    }

    /// `POST /api/auth/logout`: the refresh token sent is no longer accepted.
    public struct LogoutResponse: Codable, Sendable, Equatable {
        public var revoked: Bool
        public init(revoked: Bool) { self.revoked = revoked }
    }

    /// `refreshToken` is the rotated one to keep; a server from before rotation sends none.
    public struct RefreshResponse: Codable, Sendable, Equatable {
        public var accessToken: String
        public var refreshToken: String?
        public init(accessToken: String, refreshToken: String? = nil) {
            self.accessToken = accessToken
            self.refreshToken = refreshToken
        }
    }
}
