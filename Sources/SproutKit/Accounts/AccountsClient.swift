import Foundation
import SproutAPI

/// Sprout's own account API (`/api/auth/…`): one account for every app, and the session that
/// `MarketClient` and future clients share. Tokens travel as `Authorization: Bearer …`.
public struct AccountsClient: Sendable {
    public let api: APIClient

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    ///   - session: share it with the other clients of the same person.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .market, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: Self.refresher(baseURL: baseURL, transport: transport)
        )
    }

    public var session: AuthSession { api.session }

    /// Creates an account and signs in as it.
    @discardableResult
    public func join(email: String, password: String, name: String) async throws -> SproutAccount.Session {
        try await signIn(Endpoint(SproutAccount.Routes.join, body: SproutAccount.JoinRequest(email: email, password: password, name: name)))
    }

    @discardableResult
    public func login(email: String, password: String) async throws -> SproutAccount.Session {
        try await signIn(Endpoint(SproutAccount.Routes.login, body: SproutAccount.LoginRequest(email: email, password: password)))
    }

    /// Signs in as the account a phone sign-in made (the study app's), with that sign-in's current
    /// ID token (`PhoneAuthClient`), so conversations and 약속 work for it as for any account.
    @discardableResult
    public func signIn(phoneIDToken: String) async throws -> SproutAccount.Session {
        try await signIn(Endpoint(SproutAccount.Routes.phone, headers: [("idtoken", phoneIDToken)]))
    }

    /// Revokes the refresh token on the server, then forgets the session (also when the server
    /// cannot be reached: the person asked to be logged out).
    public func logout() async {
        if let tokens = await session.tokens {
            _ = try? await api.send(Endpoint(SproutAccount.Routes.logout, headers: [("Refresh", tokens.refreshToken)]))
        }
        await session.signOut()
    }

    private func signIn(_ endpoint: Endpoint<SproutAccount.Session>) async throws -> SproutAccount.Session {
        let account = try await api.send(endpoint)
        await session.signIn(AuthTokens(accessToken: account.accessToken, refreshToken: account.refreshToken))
        return account
    }

    /// `SproutAccount.Routes.refresh`, keeping the rotated refresh token it answers; 418 and 401 end the session.
    static func refresher(baseURL: URL, transport: any Transport) -> AuthSession.Refresher {
        let client = APIClient(baseURL: baseURL, contract: .market, transport: transport)
        return { tokens in
            let endpoint = Endpoint(
                SproutAccount.Routes.refresh, headers: [("Authorization", "Bearer \(tokens.accessToken)"), ("Refresh", tokens.refreshToken)]
            )
            do {
                let renewed = try await client.send(endpoint)
                return AuthTokens(accessToken: renewed.accessToken, refreshToken: renewed.refreshToken ?? tokens.refreshToken)
            } catch let SproutError.http(status, _, _) where status == 418 || status == 401 {
                throw SproutError.sessionExpired
            }
        }
    }
}
