import Foundation
import JWT
import PlatformCore
import Vapor

/// Google's OAuth 2.0 for service accounts: an RS256 JWT assertion (`iss` the account's email,
/// `scope` FCM's, `aud` the token URI, an hour long) posted as
/// `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=…`, answered with
/// `{access_token, expires_in, token_type}` or `{error, error_description}`.
///
/// An actor because every send shares the token: it is reused until shortly before it expires,
/// and concurrent sends that find it stale wait for one refresh instead of each fetching.
actor FCMAccessTokens {
    enum FetchError: Error {
        case unreachable(String)
        case refused(status: UInt, detail: String)
    }

    struct Assertion: JWTPayload {
        let iss: String
        let scope: String
        let aud: String
        let iat: Int
        let exp: Int

        /// Google checks the assertion; nothing here verifies one.
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    private struct Grant: Decodable {
        let access_token: String
        let expires_in: Int
    }

    private struct Refusal: Decodable {
        let error: String?
        let error_description: String?
    }

    private struct Token {
        let value: String
        let expiresAt: Date
    }

    static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    static let assertionLifetime = 3600
    /// Renewed this long before expiry, so a token never runs out between check and use.
    static let refreshMargin: TimeInterval = 300

    let account: FCMServiceAccount
    let client: @Sendable () -> any Client
    let clock: WallClock
    private var current: Token?
    private var refreshing: Task<Token, any Error>?

    init(account: FCMServiceAccount, client: @escaping @Sendable () -> any Client, clock: WallClock) {
        self.account = account
        self.client = client
        self.clock = clock
    }

    /// A token valid for a while yet, fetching one only when none is.
    func token() async throws -> String {
        if let current, clock.now() < current.expiresAt.addingTimeInterval(-Self.refreshMargin) {
            return current.value
        }
        if let refreshing {
            return try await refreshing.value.value
        }
        let refresh = Task { try await fetch() }
        refreshing = refresh
        defer { refreshing = nil }
        let token = try await refresh.value
        current = token
        return token.value
    }

    /// Forgets `value` after FCM refused it (revoked early), unless a newer one replaced it.
    func discard(_ value: String) {
        if current?.value == value { current = nil }
    }

    private nonisolated func fetch() async throws -> Token {
        let now = clock.now()
        let issuedAt = Int(now.timeIntervalSince1970)
        let claims = Assertion(iss: account.clientEmail, scope: Self.scope, aud: account.tokenURI, iat: issuedAt, exp: issuedAt + Self.assertionLifetime)
        let kid = account.privateKeyID.map { JWKIdentifier(string: $0) }
        let keys = await JWTKeyCollection().add(rsa: account.privateKey, digestAlgorithm: .sha256, kid: kid)
        let assertion = try await keys.sign(claims, kid: kid)
        let response: ClientResponse
        do {
            response = try await client().post(URI(string: account.tokenURI)) { request in
                try request.content.encode(["grant_type": Self.grantType, "assertion": assertion], as: .urlEncodedForm)
            }
        } catch {
            throw FetchError.unreachable("\(error)")
        }
        let body = response.body.map { Data(buffer: $0) } ?? Data()
        guard response.status == .ok, let grant = try? JSONDecoder().decode(Grant.self, from: body) else {
            let refusal = try? JSONDecoder().decode(Refusal.self, from: body)
            throw FetchError.refused(status: response.status.code, detail: [refusal?.error, refusal?.error_description].compactMap { $0 }.joined(separator: ": "))
        }
        return Token(value: grant.access_token, expiresAt: now.addingTimeInterval(TimeInterval(grant.expires_in)))
    }
}
