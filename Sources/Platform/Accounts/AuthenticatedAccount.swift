import Vapor

/// The account a request acts for, once a module's authenticator has checked its credentials.
public struct AuthenticatedAccount: Authenticatable, Sendable {
    public let id: String
    public init(id: String) { self.id = id }
}
