import Foundation
import SproutAPI

/// The lessons (LSLP) contract, as All For Lesson and its sibling apps call it: every call carries
/// the `SesacKey`, signed-in calls the bare access token, and a 419 is refreshed through
/// `GET v1/auth/refresh` once and retried. A 418 there ends the session (`AuthEvent.sessionExpired`).
///
/// Every call is built from its definition in `Lessons.Routes`; each signed-in one (`.lslpSession`),
/// uploads and image downloads included, goes through that refresh (the published app left uploads out of it).
public struct LessonsClient: Sendable {
    public let api: APIClient

    /// - Parameters:
    ///   - baseURL: the server root (`http://127.0.0.1:8080`); paths start with `v1/`.
    ///   - apiKey: sent as `SesacKey` on every call.
    public init(baseURL: URL, apiKey: String, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        let fixedHeaders = [(name: "SesacKey", value: apiKey)]
        let refreshClient = APIClient(baseURL: baseURL, contract: .lessons, transport: transport, fixedHeaders: fixedHeaders)
        api = APIClient(
            baseURL: baseURL, contract: .lessons, transport: transport, session: session, fixedHeaders: fixedHeaders,
            refresher: { tokens in try await Self.refresh(tokens, with: refreshClient) }
        )
    }

    public var session: AuthSession { api.session }

    /// `POST v1/users/join`. Joining does not sign in: the app sends the person to Login next.
    public func join(_ request: Lessons.JoinRequest) async throws -> Lessons.UserSummary {
        try await api.send(Endpoint(Lessons.Routes.join, body: request))
    }

    /// `POST v1/validation/email`: 200 when the email is free, 409 when it is taken.
    public func validateEmail(_ email: String) async throws -> Lessons.Message {
        try await api.send(Endpoint(Lessons.Routes.validateEmail, body: Lessons.EmailValidationRequest(email: email)))
    }

    /// `POST v1/users/login`; keeps the tokens in `session`.
    @discardableResult
    public func login(email: String, password: String) async throws -> Lessons.LoginResponse {
        let response: Lessons.LoginResponse = try await api.send(
            Endpoint(Lessons.Routes.login, body: Lessons.LoginRequest(email: email, password: password))
        )
        await session.signIn(AuthTokens(accessToken: response.accessToken, refreshToken: response.refreshToken))
        return response
    }

    /// Forgets the session. The contract has no logout call: the published app only cleared its storage.
    public func logout() async {
        await session.signOut()
    }

    /// `GET v1/users/me/profile`. `phoneNum` carries All For Lesson's role flag.
    public func myProfile() async throws -> Lessons.MyProfile {
        try await api.send(Endpoint(Lessons.Routes.myProfile))
    }

    /// `GET v1/users/withdraw`: deletes the account and ends the session.
    @discardableResult
    public func withdraw() async throws -> Lessons.UserSummary {
        let summary: Lessons.UserSummary = try await api.send(Endpoint(Lessons.Routes.withdraw))
        await session.signOut()
        return summary
    }

    /// `GET v1/auth/refresh`. 418 (refresh token expired) and 401 (tokens no longer accepted) both
    /// mean the person must log in again.
    static func refresh(_ tokens: AuthTokens, with client: APIClient) async throws -> AuthTokens {
        let endpoint = Endpoint(Lessons.Routes.refresh, headers: [("Authorization", tokens.accessToken), ("Refresh", tokens.refreshToken)])
        do {
            return AuthTokens(accessToken: try await client.send(endpoint).accessToken, refreshToken: tokens.refreshToken)
        } catch let SproutError.http(status, _, _) where status == 418 || status == 401 {
            throw SproutError.sessionExpired
        }
    }
}
