import Crypto
import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// `/api/push/subscriptions` and what a notification pushes: to each browser and device of the
/// account, in its language, a few seconds later, and not at all when a live stream showed it.
@Suite struct PushSubscriptionsTests {
    struct Person {
        let id: String
        let auth: [String: String]
    }

    static func browser(_ name: String = UUID().uuidString) -> Push.Subscribe {
        Push.Subscribe(endpoint: "https://fcm.googleapis.com/fcm/send/\(name)",
                       keys: .init(p256dh: Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
                                   auth: Base64URL.encode([UInt8](repeating: 9, count: 16))))
    }

    @Test func aBrowserSubscribesOnceAndItsNotificationsArePushedAfterTheGrace() async throws {
        try await withSprout { sprout in
            let person = try await sprout.pushPerson("reader")
            let browser = Self.browser()
            #expect(try await sprout.send(.POST, "api/push/subscriptions", json: browser).status.code == 401)
            let first = try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth, json: browser)
            #expect(first.status.code == 201)
            #expect(try first.decode(Push.Subscription.self).kind == "web")
            #expect(try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth, json: browser).status.code == 200)

            try await sprout.notify(person, "새 메시지: 안녕하세요")
            #expect(await sprout.deliveredPushes().isEmpty, "held while a live stream may show it")
            sprout.clock.advance(by: PushSubscriptions.liveGrace)
            let pushes = await sprout.deliveredPushes()
            #expect(pushes.map(\.token) == [browser.endpoint!])
            #expect(pushes.first?.message.body == "새 메시지: 안녕하세요" && pushes.first?.message.data["link"] == "/inbox/1")
            sprout.clock.advance(by: 60)
            #expect(await sprout.deliveredPushes().count == 1, "pushed once")
        }
    }

    @Test func aNotificationALiveStreamShowedIsNotPushed() async throws {
        try await withSprout { sprout in
            let person = try await sprout.pushPerson("watcher")
            #expect(try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth, json: Self.browser()).status.code == 201)
            try await sprout.notify(person, "seen")
            let event = try #require(try await sprout.platform.events.events(of: person.id, after: 0, english: false, on: sprout.app.db).last)
            sprout.platform.events.markSeen([event.id])
            try await sprout.platform.events.flushSeen(on: sprout.app.db)
            sprout.clock.advance(by: PushSubscriptions.liveGrace)
            #expect(await sprout.deliveredPushes().isEmpty)
        }
    }

    @Test func eachSubscriptionGetsItsOwnLanguageAndAMutedKindPushesNothing() async throws {
        try await withSprout { sprout in
            let person = try await sprout.pushPerson("bilingual")
            let korean = Self.browser("ko"), english = Self.browser("en")
            _ = try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth, json: korean)
            _ = try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth.merging(["Accept-Language": "en"]) { $1 }, json: english)
            #expect(try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth, json: Push.Subscribe(fcmToken: "fcm-device-token:abc")).status.code == 201)
            try await sprout.notify(person, "새 메시지", english: "A new message")
            sprout.clock.advance(by: PushSubscriptions.liveGrace)
            let bodies = Dictionary(uniqueKeysWithValues: await sprout.deliveredPushes().map { ($0.token, $0.message.body) })
            #expect(bodies == [korean.endpoint!: "새 메시지", english.endpoint!: "A new message", "fcm-device-token:abc": "새 메시지"])

            _ = try await sprout.platform.notifications.set("message", enabled: false, for: person.id, on: sprout.app.db)
            try await sprout.notify(person, "muted")
            sprout.clock.advance(by: PushSubscriptions.liveGrace)
            #expect(await sprout.deliveredPushes().count == 3)
        }
    }

    @Test func anEndpointOutsideThePushServicesOrBadKeysAreRefusedAndNothingIsKept() async throws {
        try await withSprout { sprout in
            let person = try await sprout.pushPerson("hostile")
            var probes: [Push.Subscribe] = []
            for endpoint in ["http://169.254.169.254/latest/meta-data", "https://localhost:8080/admin", "http://fcm.googleapis.com/fcm/send/x",
                             "not a url", "", "https://fcm.googleapis.com/" + String(repeating: "a", count: 3000), "javascript:alert(1)",
                             "https://fcm.googleapis.com%0a.evil.example/fcm/send/x", "https://fcm.googleapis.com/fcm/send/x%0d%0a[ INFO ] forged",
                             "https://fcm.googleapis.com/fcm/send/x\u{85}"] {
                probes.append(Push.Subscribe(endpoint: endpoint, keys: Self.browser().keys))
            }
            probes.append(Push.Subscribe(endpoint: Self.browser().endpoint, keys: .init(p256dh: "AAAA", auth: "AAAA")))
            probes.append(Push.Subscribe(endpoint: Self.browser().endpoint, keys: nil))
            probes.append(Push.Subscribe(fcmToken: "has a space"))
            probes.append(Push.Subscribe(fcmToken: String(repeating: "x", count: 5000)))
            probes.append(Push.Subscribe(fcmToken: ""))
            probes.append(Push.Subscribe())
            for probe in probes {
                let response = try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth, json: probe)
                #expect(response.status.code == 400, "\(probe)")
                #expect(response.body.string.contains("\"error\":true"))
            }
            let garbage = try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth.merging(["Content-Type": "application/json"]) { $1 }, body: "{")
            #expect(garbage.status.code == 400)
            #expect(try await PushSubscriptionRecord.query(on: sprout.app.db).count() == 0)
        }
    }

    @Test func onlyItsOwnerForgetsASubscriptionAndAPendingPushGoesWithIt() async throws {
        try await withSprout { sprout in
            let owner = try await sprout.pushPerson("owner"), stranger = try await sprout.pushPerson("stranger")
            let browser = Self.browser()
            _ = try await sprout.send(.POST, "api/push/subscriptions", headers: owner.auth, json: browser)
            let theirs = try await sprout.send(.DELETE, "api/push/subscriptions", headers: stranger.auth, json: Push.Unsubscribe(endpoint: browser.endpoint))
            #expect(theirs.status.code == 404)
            try await sprout.notify(owner, "pending")
            #expect(try await sprout.send(.DELETE, "api/push/subscriptions", headers: owner.auth, json: Push.Unsubscribe(endpoint: browser.endpoint)).status.code == 204)
            #expect(try await sprout.send(.DELETE, "api/push/subscriptions", headers: owner.auth, json: Push.Unsubscribe(endpoint: browser.endpoint)).status.code == 404)
            #expect(try await sprout.send(.DELETE, "api/push/subscriptions", headers: owner.auth, json: Push.Unsubscribe()).status.code == 400)
            sprout.clock.advance(by: PushSubscriptions.liveGrace)
            #expect(await sprout.deliveredPushes().isEmpty, "unsubscribed before it was due")
        }
    }

    @Test func aBrowserSignedInAsSomeoneElseNowPushesToThem() async throws {
        try await withSprout { sprout in
            let first = try await sprout.pushPerson("first"), second = try await sprout.pushPerson("second")
            let browser = Self.browser()
            _ = try await sprout.send(.POST, "api/push/subscriptions", headers: first.auth, json: browser)
            #expect(try await sprout.send(.POST, "api/push/subscriptions", headers: second.auth, json: browser).status.code == 200)
            try await sprout.notify(first, "for first")
            try await sprout.notify(second, "for second")
            sprout.clock.advance(by: PushSubscriptions.liveGrace)
            #expect(await sprout.deliveredPushes().map(\.message.body) == ["for second"])
        }
    }

    @Test func aDeadEndpointIsForgottenAndTheOldestBeyondTwentyGoes() async throws {
        try await withSprout { sprout in
            let person = try await sprout.pushPerson("many")
            var browsers: [Push.Subscribe] = []
            for index in 0...PushSubscriptions.maxPerAccount {
                let browser = Self.browser("device-\(index)")
                browsers.append(browser)
                #expect(try await sprout.send(.POST, "api/push/subscriptions", headers: person.auth, json: browser).status.code == 201)
            }
            let kept = try await PushSubscriptionRecord.query(on: sprout.app.db).all().map(\.address)
            #expect(kept.count == PushSubscriptions.maxPerAccount && !kept.contains(browsers[0].endpoint!))
            sprout.pushes.answer(browsers[1].endpoint!, with: .dropToken(reason: "410"))
            try await sprout.notify(person, "hello")
            sprout.clock.advance(by: PushSubscriptions.liveGrace)
            #expect(await sprout.deliveredPushes().count == PushSubscriptions.maxPerAccount)
            #expect(try await PushSubscriptionRecord.query(on: sprout.app.db).filter(\.$address == browsers[1].endpoint!).count() == 0)
        }
    }

    @Test func theServerKeyIsPublicAndIsTheOneBrowsersSubscribeWith() async throws {
        try await withSprout { sprout in
            let key = try await sprout.send(.GET, "api/push/server-key").decode(Push.ServerKey.self)
            #expect(key.publicKey == sprout.pushes.serverKey)
            #expect(Base64URL.decode(key.publicKey)?.count == 65)
        }
    }
}

extension TestSprout {
    func pushPerson(_ name: String) async throws -> PushSubscriptionsTests.Person {
        let account = try await platform.accounts.register(email: "\(name)-\(UUID().uuidString.prefix(6))@sprout.test", password: "pw12345", displayName: name, on: app.db)
        let token = try await platform.tokens.issue(for: try account.requireID(), on: app.db).accessToken
        return .init(id: try account.requireID(), auth: ["Authorization": "Bearer \(token)"])
    }

    func notify(_ person: PushSubscriptionsTests.Person, _ korean: String, english: String? = nil) async throws {
        try await platform.notifications.notify(person.id, app: "market", kind: .message, text: .init(ko: korean, en: english ?? korean),
                                                link: "/inbox/1", on: app.db)
    }
}
