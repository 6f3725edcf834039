import Foundation
@testable import Platform
import SproutTestSupport
import Testing

@Suite struct TokenServiceTests {
    func account(in sprout: TestSprout) async throws -> String {
        try await sprout.platform.accounts.register(email: "t@sprout.test", password: "pw12345", displayName: "T", on: sprout.app.db).requireID()
    }

    @Test func accessTokensExpireByTheInjectedClock() async throws {
        try await withSprout { sprout in
            let tokens = sprout.platform.tokens
            let id = try await account(in: sprout)
            let pair = try await tokens.issue(for: id, on: sprout.app.db)
            #expect(await tokens.check(accessToken: pair.accessToken) == .valid(accountID: id))
            sprout.clock.advance(by: tokens.accessLifetime - 1)
            #expect(await tokens.check(accessToken: pair.accessToken) == .valid(accountID: id))
            sprout.clock.advance(by: 1)
            #expect(await tokens.check(accessToken: pair.accessToken) == .expired(accountID: id))
            #expect(await tokens.check(accessToken: pair.accessToken + "x") == .invalid)
            #expect(await tokens.check(accessToken: "") == .invalid)
        }
    }

    /// Checked tokens are kept by their whole text: a copy with another signature, or the same
    /// claims signed with another secret, is checked in full and refused.
    @Test func aKeptTokenVouchesForNoOtherText() async throws {
        try await withSprout { sprout in
            let tokens = sprout.platform.tokens
            let id = try await account(in: sprout)
            let genuine = try await tokens.accessToken(for: id)
            #expect(await tokens.check(accessToken: genuine) == .valid(accountID: id))
            let parts = genuine.split(separator: ".")
            let otherSignature = parts[0] + "." + parts[1] + "." + String(parts[2].reversed())
            #expect(await tokens.check(accessToken: otherSignature) == .invalid)
            let elsewhere = await TokenService(secret: String(repeating: "another secret ", count: 3), clock: sprout.clock.clock, ids: .secureRandom, accessLifetime: 300, refreshLifetime: 600)
            let forged = try await elsewhere.accessToken(for: id)
            #expect(forged != genuine)
            #expect(await tokens.check(accessToken: forged) == .invalid)
            #expect(await tokens.check(accessToken: genuine) == .valid(accountID: id))
        }
    }

    @Test func anAccessTokenGrantsItsLogInUntilItExpires() async throws {
        try await withSprout { sprout in
            let tokens = sprout.platform.tokens
            let id = try await account(in: sprout)
            let pair = try await tokens.issue(for: id, on: sprout.app.db)
            let grant = try #require(await tokens.grant(ofAccessToken: pair.accessToken))
            #expect(grant.accountID == id && grant.session == .login(family: TokenService.digest(pair.refreshToken)))
            #expect(grant.expires == sprout.clock.now.addingTimeInterval(tokens.accessLifetime).roundedDownToSeconds)
            let older = try await tokens.accessToken(for: id)
            #expect(await tokens.grant(ofAccessToken: older)?.session == AccessGrant.Session.none, "a token from before log-ins were named rests on its account")
            #expect(await tokens.grant(ofAccessToken: "not-a-token") == nil)
        }
    }

    @Test func keptTokensAreBounded() {
        let kept = VerifiedTokens<VerifiedAccess>(capacity: 2)
        let claims = VerifiedAccess(accountID: "a", expires: .distantFuture, login: nil)
        kept.keep(claims, of: "one")
        kept.keep(claims, of: "two")
        #expect(kept.claims(of: "one")?.accountID == "a")
        kept.keep(claims, of: "three")
        #expect(kept.claims(of: "one") == nil && kept.claims(of: "three")?.accountID == "a")
    }

    @Test func refreshIsRefusedForEachReasonTheContractNames() async throws {
        try await withSprout { sprout in
            let tokens = sprout.platform.tokens
            let db = sprout.app.db
            let id = try await account(in: sprout)
            let pair = try await tokens.issue(for: id, on: db)
            await #expect(throws: RefreshError.accessTokenStillValid) {
                try await tokens.refresh(accessToken: pair.accessToken, refreshToken: pair.refreshToken, on: db)
            }
            await #expect(throws: RefreshError.invalidAccessToken) {
                try await tokens.refresh(accessToken: "garbage", refreshToken: pair.refreshToken, on: db)
            }
            sprout.clock.advance(by: tokens.accessLifetime + 1)
            await #expect(throws: RefreshError.invalidRefreshToken) {
                try await tokens.refresh(accessToken: pair.accessToken, refreshToken: "not-ours", on: db)
            }
            let fresh = try await tokens.refresh(accessToken: pair.accessToken, refreshToken: pair.refreshToken, on: db)
            #expect(await tokens.check(accessToken: fresh) == .valid(accountID: id))
            sprout.clock.advance(by: tokens.refreshLifetime)
            await #expect(throws: RefreshError.refreshTokenExpired) {
                try await tokens.refresh(accessToken: pair.accessToken, refreshToken: pair.refreshToken, on: db)
            }
        }
    }

    @Test func anotherAccountsRefreshTokenDoesNotWork() async throws {
        try await withSprout { sprout in
            let tokens = sprout.platform.tokens
            let db = sprout.app.db
            let alice = try await account(in: sprout)
            let bob = try await sprout.platform.accounts.register(email: "b@sprout.test", password: "pw12345", displayName: "B", on: db).requireID()
            let alicePair = try await tokens.issue(for: alice, on: db)
            let bobPair = try await tokens.issue(for: bob, on: db)
            sprout.clock.advance(by: tokens.accessLifetime + 1)
            await #expect(throws: RefreshError.invalidRefreshToken) {
                try await tokens.refresh(accessToken: alicePair.accessToken, refreshToken: bobPair.refreshToken, on: db)
            }
        }
    }

    @Test func revokingEndsEverySession() async throws {
        try await withSprout { sprout in
            let tokens = sprout.platform.tokens
            let db = sprout.app.db
            let id = try await account(in: sprout)
            let first = try await tokens.issue(for: id, on: db)
            let second = try await tokens.issue(for: id, on: db)
            try await tokens.revokeAll(for: id, on: db)
            sprout.clock.advance(by: tokens.accessLifetime + 1)
            for pair in [first, second] {
                await #expect(throws: RefreshError.invalidRefreshToken) {
                    try await tokens.refresh(accessToken: pair.accessToken, refreshToken: pair.refreshToken, on: db)
                }
            }
        }
    }
}

private extension Date {
    var roundedDownToSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
