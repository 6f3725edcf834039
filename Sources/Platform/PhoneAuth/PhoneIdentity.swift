/// Who a valid phone ID token says its bearer is.
public struct PhoneIdentity: Sendable, Equatable {
    /// The Sprout `Account` id. Firebase clients know it sealed (`PhoneUIDs`) as their `uid`/`localId`.
    public let uid: String
    /// E.164.
    public let phoneNumber: String

    public init(uid: String, phoneNumber: String) {
        self.uid = uid
        self.phoneNumber = phoneNumber
    }
}

/// What `PhoneSignIn.check(idToken:)` found.
public enum PhoneTokenCheck: Sendable, Equatable {
    case valid(PhoneIdentity)
    /// Signed by Sprout, but its hour is up: the client refreshes and retries.
    case expired
    case invalid
}

/// A signed-in phone session: what `accounts:signInWithPhoneNumber` and the token endpoint answer.
public struct PhoneSession: Sendable, Equatable {
    public let idToken: String
    /// Long-lived and stable across refreshes, as Firebase's are; revoked by sign-out or withdrawal.
    public let refreshToken: String
    /// Seconds the ID token lives (3600).
    public let expiresIn: Int
    public let identity: PhoneIdentity
    /// Whether this sign-in created the account.
    public let isNewUser: Bool
}
