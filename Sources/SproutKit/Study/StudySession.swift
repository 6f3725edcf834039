import Foundation

/// The tokens of a phone sign-in: the Firebase-style ID token every study call carries as
/// `idtoken`, the refresh token that gets a new one, and the uid the person knows themself by
/// (the `uid` of their User JSON, sealed by the server; other people are shown the bare account
/// id, which is what `matchedUid` and search answers hold).
public struct StudyTokens: Sendable, Equatable, Codable {
    public var idToken: String
    public var refreshToken: String
    public var uid: String

    public init(idToken: String, refreshToken: String, uid: String) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.uid = uid
    }
}

extension StudyTokens: SessionTokens {
    public var credential: String { idToken }
}

/// Holds a phone sign-in and refreshes its ID token when the study server answers 401 ("Firebase
/// Token Error", spec §1). The published clients called `getIDTokenForcingRefresh(true)` and
/// retried once; `StudyClient` does the same through this session.
public typealias StudySession = TokenSession<StudyTokens>
