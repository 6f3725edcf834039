import Foundation
import Synchronization
@testable import Platform
import SproutTestSupport
import Testing
import Vapor

/// Live connections end when the access they rest on ends: each test opens event streams with
/// the grants a request would carry, changes what a logout, a disable or time does, and checks
/// as every instance does each interval.
@Suite struct LiveAccessWatchTests {
    typealias Writer = AccountEventStreamsTests.RecordingWriter

    /// The watch checks when a test says so, not on its own in between.
    static func checkedOnlyWhenAsked(_ config: inout SproutConfig) {
        config.liveAccessCheckInterval = .seconds(3600)
    }

    private func open(_ grant: AccessGrant, in sprout: TestSprout) async throws -> Writer {
        let writer = Writer()
        let ticket = try sprout.platform.liveConnections.admit("203.0.113.9").get()
        await sprout.platform.events.open(LiveStream(grant: grant, ticket: ticket, from: 0, english: false, writer: writer))
        return writer
    }

    private func ended(_ writer: Writer) async throws -> Bool {
        // The end is written on the response's event loop.
        for _ in 0..<500 where !writer.ended { try await Task.sleep(for: .milliseconds(10)) }
        return writer.ended
    }

    @Test func aBearerStreamEndsWithItsLogInAndNotWithAnotherLogIn() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let (tokens, db) = (sprout.platform.tokens, sprout.app.db)
            let ana = try await sprout.account("ana")
            let phone = try await tokens.issue(for: ana, on: db), laptop = try await tokens.issue(for: ana, on: db)
            let onPhone = try #require(await tokens.grant(ofAccessToken: phone.accessToken))
            let onLaptop = try #require(await tokens.grant(ofAccessToken: laptop.accessToken))
            let phoneStream = try await open(onPhone, in: sprout), laptopStream = try await open(onLaptop, in: sprout)

            #expect(try await sprout.platform.liveAccess.check(on: db) == 0, "nothing ended while access holds")
            try await tokens.revoke(refreshToken: phone.refreshToken, on: db)
            #expect(try await sprout.platform.liveAccess.check(on: db) == 1)
            #expect(try await ended(phoneStream))
            #expect(!laptopStream.ended, "the other log-in's stream goes on")
            #expect(sprout.platform.events.streamCount(of: ana) == 1)
            #expect(sprout.platform.liveConnections.count(of: "203.0.113.9") == 1, "the ended stream gave its place back")
        }
    }

    @Test func aRotatedLogInKeepsItsStreamsAndAReusedTokenEndsThem() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let (tokens, db) = (sprout.platform.tokens, sprout.app.db)
            let ana = try await sprout.account("ana")
            let first = try await tokens.issue(for: ana, on: db)
            sprout.clock.advance(by: tokens.accessLifetime + 1)
            let second = try await tokens.rotate(accessToken: first.accessToken, refreshToken: first.refreshToken, on: db)
            let stream = try await open(try #require(await tokens.grant(ofAccessToken: second.accessToken)), in: sprout)
            #expect(try await sprout.platform.liveAccess.check(on: db) == 0, "a rotation is the same log-in")
            _ = try? await tokens.rotate(accessToken: first.accessToken, refreshToken: first.refreshToken, on: db)
            try await sprout.platform.liveAccess.check(on: db)
            #expect(try await ended(stream), "a spent refresh token sent again ends the whole log-in")
        }
    }

    @Test func aBearerStreamEndsWhenItsTokenExpires() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let (tokens, db) = (sprout.platform.tokens, sprout.app.db)
            let pair = try await tokens.issue(for: try await sprout.account("ana"), on: db)
            let stream = try await open(try #require(await tokens.grant(ofAccessToken: pair.accessToken)), in: sprout)
            sprout.clock.advance(by: tokens.accessLifetime - 1)
            #expect(try await sprout.platform.liveAccess.check(on: db) == 0)
            sprout.clock.advance(by: 1)
            #expect(try await sprout.platform.liveAccess.check(on: db) == 1)
            #expect(try await ended(stream))
            #expect(await tokens.grant(ofAccessToken: pair.accessToken) == nil, "an expired token grants no new stream")
        }
    }

    @Test func everyStreamOfADisabledAccountEndsWhateverOpenedIt() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let (platform, db) = (sprout.platform, sprout.app.db)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben")
            let pair = try await platform.tokens.issue(for: ana, on: db)
            let bearer = try await open(try #require(await platform.tokens.grant(ofAccessToken: pair.accessToken)), in: sprout)
            let legacy = try await open(AccessGrant(accountID: ana, session: .none), in: sprout)
            let other = try await open(AccessGrant(accountID: ben, session: .none), in: sprout)
            let account = try #require(try await Account.find(ana, on: db))
            try await platform.accounts.setDisabled(true, account, on: db)
            #expect(try await platform.liveAccess.check(on: db) == 2)
            #expect(try await ended(bearer))
            #expect(try await ended(legacy))
            #expect(!other.ended)
        }
    }

    @Test func aWebStreamEndsWithItsWebSessionAndAPhoneOneWithTheLastPhoneSession() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let (platform, db) = (sprout.platform, sprout.app.db)
            let ana = try await sprout.account("ana")
            try await WebSessionRow(idDigest: WebSessionStore.digest("cookie-id"), accountID: ana, data: "{}",
                                    expiresAt: sprout.clock.now.addingTimeInterval(3600)).create(on: db)
            try await PhoneRefreshToken(tokenHash: "phone-session", accountID: ana, createdAt: sprout.clock.now).create(on: db)
            let web = try await open(AccessGrant(accountID: ana, session: .web(digest: WebSessionStore.digest("cookie-id"))), in: sprout)
            let phone = try await open(AccessGrant(accountID: ana, session: .phone), in: sprout)
            #expect(try await platform.liveAccess.check(on: db) == 0)
            try await WebSessionStore.endAll(for: ana, on: db)
            #expect(try await platform.liveAccess.check(on: db) == 1)
            #expect(try await ended(web))
            #expect(!phone.ended)
            try await platform.phoneSignIn.revoke(allFor: ana, on: db)
            #expect(try await platform.liveAccess.check(on: db) == 1)
            #expect(try await ended(phone))
            #expect(platform.liveAccess.count == 0)
        }
    }

    /// More connections than one query asks about: each is still checked.
    @Test func checksConnectionsBeyondOneQuerysWorth() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let (platform, db) = (sprout.platform, sprout.app.db)
            let ana = try await sprout.account("ana")
            let watch = LiveAccessWatch(clock: sprout.clock.clock, interval: .seconds(60))
            let ended = Counter()
            for index in 0..<(LiveAccessWatch.chunk + 20) {
                let account = index == LiveAccessWatch.chunk + 10 ? ana : "gone-\(index)"
                watch.hold(AccessGrant(accountID: account, session: .none), key: "c\(index)") { ended.add() }
            }
            #expect(try await watch.check(on: db) == LiveAccessWatch.chunk + 19, "accounts that do not exist hold nothing")
            #expect(ended.value == LiveAccessWatch.chunk + 19 && watch.count == 1)
            _ = platform
        }
    }
}

final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
