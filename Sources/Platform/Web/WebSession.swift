import Vapor

/// The signed-in person of the web app, kept in Vapor's session (stored in the database, so any
/// instance behind the load balancer knows it).
extension Request {
    static let webAccountKey = "account_id"

    /// Read without creating a session: touching `session` on a request that brought no session
    /// cookie makes Vapor store a new, empty session row for every anonymous page view.
    public var webAccountID: String? {
        guard hasSession else { return nil }
        return session.data[Self.webAccountKey]
    }

    /// The signed-in web account of a request outside the pages' session middleware (an event
    /// stream, a socket's handshake), from its session cookie, as what it grants a live
    /// connection: the account and its web session. Reads the store and creates nothing.
    public func webGrantFromCookie() async -> AccessGrant? {
        guard let id = cookies[WebSessionCookie.name]?.string, !id.isEmpty,
              let data = try? await application.sessions.driver.readSession(SessionID(string: id), for: self).get(),
              let accountID = data[Self.webAccountKey]
        else { return nil }
        return AccessGrant(accountID: accountID, session: .web(digest: WebSessionStore.digest(id)))
    }

    /// Starts a fresh session for `accountID` under a new id; the old session is deleted, so a
    /// session cookie planted before login cannot ride along.
    public func signInToWeb(accountID: String) async throws {
        if let old = session.id {
            try await application.sessions.driver.deleteSession(old, for: self).get()
        }
        session.id = nil
        session.data = SessionData()
        session.data[Self.webAccountKey] = accountID
    }

    public func signOutOfWeb() {
        session.destroy()
    }
}

public enum WebSessionCookie {
    public static let name = "sprout-session"

    /// `secure` marks the cookie for https only (`SproutConfig.servesHTTPS`).
    public static func configuration(lifetime: TimeInterval = 30 * 24 * 60 * 60, secure: Bool) -> SessionsConfiguration {
        SessionsConfiguration(cookieName: name) { id in
            HTTPCookies.Value(
                string: id.string, expires: Date().addingTimeInterval(lifetime), maxAge: Int(lifetime),
                path: "/", isSecure: secure, isHTTPOnly: true, sameSite: .lax
            )
        }
    }
}
