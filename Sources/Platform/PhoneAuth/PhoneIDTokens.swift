import Crypto
import Foundation
import JWT
import PlatformCore

/// The claims of a Firebase ID token that the Firebase SDKs read (`getIDTokenResult`, the expiry
/// check before each `getIDToken`) and that servers written for Firebase verify: issuer and
/// audience name the project, `sub` and `user_id` the account.
struct PhoneIDTokenClaims: JWTPayload, Equatable {
    struct Firebase: Codable, Equatable {
        var identities: [String: [String]]
        var sign_in_provider: String
    }

    var iss: String
    var aud: String
    var sub: String
    var user_id: String
    /// Whole seconds since 1970, as numbers (Firebase's are integers).
    var iat: Int
    var exp: Int
    var auth_time: Int
    var phone_number: String
    var firebase: Firebase

    /// Expiry is judged by `PhoneIDTokens.check` against the injected clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Signs and checks phone ID tokens: HS256 JWTs with a `kid`, an hour long. No database: a
/// request's token is checked on every study call.
///
/// The key is derived from the token secret rather than being the secret itself: the lessons
/// contract's access tokens are HS256 with that secret and a subset of these claims, so with one
/// key an ID token would pass as an access token.
struct PhoneIDTokens: Sendable {
    static let lifetime = 3600
    static let keyID = "sprout-phone-1"

    let project: String
    let clock: WallClock
    let uids: PhoneUIDs
    private let keys: JWTKeyCollection
    private let verified = VerifiedTokens<PhoneIDTokenClaims>()

    init(secret: String, project: String, clock: WallClock) async {
        let derived = HMAC<SHA256>.authenticationCode(for: Data("firebase-id-token".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(key: SymmetricKey(data: Data(derived))), digestAlgorithm: .sha256, kid: JWKIdentifier(string: Self.keyID))
        self.project = project
        self.clock = clock
        uids = PhoneUIDs(secret: secret)
    }

    var issuer: String { "https://securetoken.google.com/\(project)" }

    func sign(_ identity: PhoneIdentity, signedInAt: Date) async throws -> String {
        let now = Int(clock.now().timeIntervalSince1970.rounded(.down))
        let uid = uids.uid(ofAccount: identity.uid)
        let claims = PhoneIDTokenClaims(
            iss: issuer, aud: project, sub: uid, user_id: uid,
            iat: now, exp: now + Self.lifetime, auth_time: Int(signedInAt.timeIntervalSince1970.rounded(.down)),
            phone_number: identity.phoneNumber,
            firebase: .init(identities: ["phone": [identity.phoneNumber]], sign_in_provider: "phone")
        )
        return try await keys.sign(claims, kid: JWKIdentifier(string: Self.keyID))
    }

    /// The token's claims when Sprout signed it for this project, whatever its expiry.
    func claims(of token: String) async -> PhoneIDTokenClaims? {
        guard !token.isEmpty, token.utf8.count < 8192 else { return nil }
        if let known = verified.claims(of: token) { return known }
        guard let claims = try? await keys.verify(token, as: PhoneIDTokenClaims.self),
              claims.iss == issuer, claims.aud == project, !claims.sub.isEmpty
        else { return nil }
        verified.keep(claims, of: token)
        return claims
    }

    /// A token whose `sub` is not a sealed uid (one signed before uids were sealed) is invalid:
    /// the client refreshes it and learns its sealed uid.
    func check(_ token: String) async -> PhoneTokenCheck {
        guard let claims = await claims(of: token), let accountID = uids.account(ofUID: claims.sub) else { return .invalid }
        guard Double(claims.exp) > clock.now().timeIntervalSince1970 else { return .expired }
        return .valid(PhoneIdentity(uid: accountID, phoneNumber: claims.phone_number))
    }
}
