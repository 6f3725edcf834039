import Foundation

/// What a long-lived connection (an event stream, a socket) rests on: the account, the session
/// that opened it, and until when its credential holds. `LiveAccessWatch` ends the connection
/// when any of them no longer holds.
public struct AccessGrant: Sendable, Hashable {
    public enum Session: Sendable, Hashable {
        /// A log-in of the accounts API or the lessons contract: its refresh token family.
        case login(family: String)
        /// A web session: the digest of its cookie's id, as `web_sessions` keeps it.
        case web(digest: String)
        /// Phone sign-in: ID tokens name no session, so any phone session of the account.
        case phone
        /// No session: a legacy study socket bound by its sealed uid; only the account counts.
        case none
    }

    public let accountID: String
    public let session: Session
    /// When the credential that opened the connection expires; nil when it lasts as its session.
    public let expires: Date?

    public init(accountID: String, session: Session, expires: Date? = nil) {
        self.accountID = accountID
        self.session = session
        self.expires = expires
    }
}
