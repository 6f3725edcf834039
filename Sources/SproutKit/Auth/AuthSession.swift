import Foundation

/// The tokens of a signed-in session.
public struct AuthTokens: Sendable, Equatable, Codable {
    public var accessToken: String
    public var refreshToken: String

    public init(accessToken: String, refreshToken: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

/// What an app observes about its session.
public enum AuthEvent: Sendable, Equatable {
    case signedIn
    case signedOut
    /// The server no longer accepts the refresh token: show the login screen.
    case sessionExpired
}

extension AuthTokens: SessionTokens {
    public var credential: String { accessToken }
}

/// The session of a Sprout account or an LSLP user: bearer access tokens renewed by refresh token.
public typealias AuthSession = TokenSession<AuthTokens>
