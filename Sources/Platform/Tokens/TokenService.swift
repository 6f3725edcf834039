import PlatformCore
import Vapor
import Fluent
import Foundation
import JWT

/// What an access token says about its bearer.
public enum AccessTokenCheck: Sendable, Equatable {
    case valid(accountID: String)
    case expired(accountID: String)
    case invalid
}

/// Why a refresh was refused; each app maps these to its own status codes.
public enum RefreshError: Error, Equatable {
    /// The access token is not one we signed.
    case invalidAccessToken
    /// The access token has not expired yet, so there is nothing to refresh.
    case accessTokenStillValid
    /// The refresh token is unknown, revoked or belongs to someone else.
    case invalidRefreshToken
    /// The refresh token has expired; the person must log in again.
    case refreshTokenExpired
}

public struct TokenPair: Sendable, Equatable {
    public let accessToken: String
    public let refreshToken: String
}

/// Issues and checks the lessons contract's token pair: a short-lived access JWT and a long-lived
/// refresh token, with expiry judged by the injected clock.
public struct TokenService: Sendable {
    let keys: JWTKeyCollection
    let clock: WallClock
    let ids: IdentifierGenerator
    public let accessLifetime: TimeInterval
    public let refreshLifetime: TimeInterval
    let verified = VerifiedTokens<VerifiedAccess>()

    public init(secret: String, clock: WallClock, ids: IdentifierGenerator, accessLifetime: TimeInterval, refreshLifetime: TimeInterval) async {
        keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        self.clock = clock
        self.ids = ids
        self.accessLifetime = accessLifetime
        self.refreshLifetime = refreshLifetime
    }

    public func issue(for accountID: String, on db: any Database) async throws -> TokenPair {
        let refresh = ids.token()
        let now = clock.now()
        try await RefreshToken(
            tokenHash: Self.digest(refresh), accountID: accountID,
            expiresAt: now.addingTimeInterval(refreshLifetime), createdAt: now
        ).create(on: db)
        return TokenPair(accessToken: try await accessToken(for: accountID, login: Self.digest(refresh)), refreshToken: refresh)
    }

    /// A signed access token for `accountID` under the log-in `login` (its refresh token family;
    /// nil only in tests of what older tokens, which named none, still do).
    func accessToken(for accountID: String, login: String? = nil) async throws -> String {
        let now = clock.now()
        // Whole seconds, so the token's `exp` means exactly what `accessLifetime` says.
        let issued = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let claims = AccessTokenClaims(
            sub: .init(value: accountID),
            iat: .init(value: issued),
            exp: .init(value: issued.addingTimeInterval(accessLifetime)),
            sid: login
        )
        return try await keys.sign(claims)
    }

    public func check(accessToken token: String) async -> AccessTokenCheck {
        guard let claims = await claims(of: token) else { return .invalid }
        return claims.expires > clock.now() ? .valid(accountID: claims.accountID) : .expired(accountID: claims.accountID)
    }

    private func claims(of token: String) async -> VerifiedAccess? {
        guard !token.isEmpty else { return nil }
        if let known = verified.claims(of: token) { return known }
        guard let claims = try? await keys.verify(token, as: AccessTokenClaims.self) else { return nil }
        let access = VerifiedAccess(accountID: claims.sub.value, expires: claims.exp.value, login: claims.sid)
        verified.keep(access, of: token)
        return access
    }

    /// What a valid access token grants a live connection: its account, its log-in and its
    /// expiry. Nil for a token that is not valid now.
    public func grant(ofAccessToken token: String) async -> AccessGrant? {
        guard let claims = await claims(of: token), claims.expires > clock.now() else { return nil }
        return AccessGrant(accountID: claims.accountID, session: claims.login.map { .login(family: $0) } ?? .none, expires: claims.expires)
    }

    /// A new access token for an expired one, given the refresh token issued with the session; the
    /// refresh token stays (the LSLP contract's clients keep theirs). One already spent by a
    /// rotation (`rotate`) is refused.
    public func refresh(accessToken: String, refreshToken: String, on db: any Database) async throws -> String {
        let accountID = try await expiredAccessTokenOwner(accessToken)
        guard !refreshToken.isEmpty,
              let stored = try await RefreshToken.find(Self.digest(refreshToken), on: db),
              stored.$account.id == accountID, stored.replacedAt == nil
        else { throw RefreshError.invalidRefreshToken }
        guard stored.expiresAt > clock.now() else {
            try await stored.delete(on: db)
            throw RefreshError.refreshTokenExpired
        }
        return try await self.accessToken(for: accountID, login: stored.family)
    }

    /// Refreshes as `refresh` does and rotates the refresh token: the one presented is spent and a
    /// new one of the same log-in (family) comes back, valid for the full refresh lifetime from now.
    /// A spent token presented again means a copy is in someone else's hands: the whole family is
    /// revoked, the thief's and the owner's sessions alike, and the owner logs in again. Expired
    /// tokens of the account are pruned on the way.
    public func rotate(accessToken: String, refreshToken: String, on db: any Database) async throws -> TokenPair {
        let accountID = try await expiredAccessTokenOwner(accessToken)
        let now = clock.now()
        let successor = ids.token()
        // Refusals are returned, not thrown, so that the revocations they make are committed.
        let outcome: Result<TokenPair, RefreshError> = try await db.writeTransaction { db in
            guard !refreshToken.isEmpty,
                  let stored = try await RefreshToken.findLocked(Self.digest(refreshToken), idColumn: "token_hash", on: db),
                  stored.$account.id == accountID
            else { return .failure(.invalidRefreshToken) }
            guard stored.expiresAt > now else {
                try await revoke(family: stored.family, on: db)
                return .failure(.refreshTokenExpired)
            }
            try await RefreshToken.query(on: db).filter(\.$account.$id == accountID).filter(\.$expiresAt <= now).delete()
            guard stored.replacedAt == nil else {
                try await revoke(family: stored.family, on: db)
                return .failure(.invalidRefreshToken)
            }
            stored.replacedAt = now
            try await stored.update(on: db)
            try await RefreshToken(
                tokenHash: Self.digest(successor), accountID: accountID,
                expiresAt: now.addingTimeInterval(refreshLifetime), createdAt: now, familyID: stored.family
            ).create(on: db)
            return .success(TokenPair(accessToken: try await self.accessToken(for: accountID, login: stored.family), refreshToken: successor))
        }
        return try outcome.get()
    }

    private func expiredAccessTokenOwner(_ accessToken: String) async throws -> String {
        switch await check(accessToken: accessToken) {
        case .invalid: throw RefreshError.invalidAccessToken
        case .valid: throw RefreshError.accessTokenStillValid
        case let .expired(id): return id
        }
    }

    /// Ends one session (logout): the token and every token of its log-in.
    public func revoke(refreshToken: String, on db: any Database) async throws {
        guard let stored = try await RefreshToken.find(Self.digest(refreshToken), on: db) else { return }
        try await revoke(family: stored.family, on: db)
    }

    private func revoke(family: String, on db: any Database) async throws {
        try await RefreshToken.query(on: db).group(.or) { $0.filter(\.$id == family).filter(\.$familyID == family) }.delete()
    }

    /// Ends every session of an account.
    public func revokeAll(for accountID: String, on db: any Database) async throws {
        try await RefreshToken.query(on: db).filter(\.$account.$id == accountID).delete()
    }

    static func digest(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Data(token.utf8)))
    }
}

/// What a verified access token says that a check needs.
struct VerifiedAccess: Sendable {
    let accountID: String
    let expires: Date
    /// The log-in the token was issued under (`AccessTokenClaims.sid`).
    let login: String?
}
