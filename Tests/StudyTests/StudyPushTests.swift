import Foundation
import Platform
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

@Suite("Study: push notifications")
struct StudyPushTests {
    /// Two people waiting side by side, each with a device token of their own.
    func twoWaiting(_ sprout: TestSprout) async throws -> (StudyPerson, StudyPerson) {
        let a = try await sprout.studyPerson("+821022220001", nick: "고래밥")
        let b = try await sprout.studyPerson("+821022220002", nick: "새우깡")
        for (person, token) in [(a, "device-a"), (b, "device-b")] {
            #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", person, form: [("FCMtoken", token)]).status.code == 200)
            try await sprout.enterQueue(person)
        }
        return (a, b)
    }

    func pushes(_ sprout: TestSprout, to token: String) async -> [PushMessage] {
        await sprout.deliveredPushes().filter { $0.token == token }.map(\.message)
    }

    func user(_ sprout: TestSprout, _ person: StudyPerson) async throws -> Study.User {
        try await sprout.study(.GET, "v1/user", person).decode(Study.User.self)
    }

    @Test("a request reaches the asked, a match both, each once however often the clients repeat themselves")
    func requestAndMatch() async throws {
        try await withSprout { sprout in
            let (a, b) = try await twoWaiting(sprout)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 200)
            let requests = await pushes(sprout, to: "device-b")
            #expect(requests.count == 1, "a repeated request is not news")
            #expect(requests.first?.body.contains("고래밥") == true)
            #expect(requests.first?.data == ["event": "studyRequest", "uid": a.accountID, "nick": "고래밥"])
            #expect(await pushes(sprout, to: "device-a").isEmpty)

            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", b, form: [("otheruid", a.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", b, form: [("otheruid", a.accountID)]).status.code == 200)
            // The published clients answer a 201 by asking again: the match is told once.
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 201)
            let toA = await pushes(sprout, to: "device-a")
            let toB = await pushes(sprout, to: "device-b").dropFirst()
            #expect(toA.map { $0.data["event"] } == ["matched"] && toB.map { $0.data["event"] } == ["matched"])
            #expect(toA.first?.data["matchedUid"] == b.accountID && toA.first?.data["matchedNick"] == "새우깡")
            #expect(toB.first?.data["matchedUid"] == a.accountID && toB.first?.body.contains("고래밥") == true)
        }
    }

    @Test("a mutual request matches at once and tells both")
    func mutualRequest() async throws {
        try await withSprout { sprout in
            let (a, b) = try await twoWaiting(sprout)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", b, form: [("otheruid", a.accountID)]).status.code == 201)
            #expect(await pushes(sprout, to: "device-a").map { $0.data["event"] } == ["matched"])
            #expect(await pushes(sprout, to: "device-b").map { $0.data["event"] } == ["studyRequest", "matched"])
        }
    }

    @Test("a chat reaches a phone only while its owner has no socket open on any instance")
    func chatWhileAway() async throws {
        try await withSprout { sprout in
            let (a, b) = try await twoWaiting(sprout)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", b, form: [("otheruid", a.accountID)]).status.code == 200)
            let before = await sprout.deliveredPushes().count
            let long = String(repeating: "가", count: StudyPushes.chatPreviewLength + 20)
            let stored = try await sprout.study(.POST, "v1/chat/\(b.accountID)", a, form: [("chat", long)]).decode(Study.Chat.self)
            let chatPush = try #require(await pushes(sprout, to: "device-b").last)
            #expect(await sprout.deliveredPushes().count == before + 1, "the sender's phone is not told")
            #expect(chatPush.title == "고래밥" && chatPush.body == String(long.prefix(StudyPushes.chatPreviewLength)))
            #expect(chatPush.data == ["event": "chat", "_id": stored.id, "uid": a.accountID, "to": b.uid, "createdAt": stored.createdAt], "b reads their own uid as they know it")

            // Another instance holds a socket of b's.
            let elsewhere = StudyPresence(instance: "elsewhere", clock: sprout.platform.clock, staleAfter: .seconds(75))
            try await elsewhere.arrived(b.accountID, on: sprout.app.db)
            _ = try await sprout.study(.POST, "v1/chat/\(b.accountID)", a, form: [("chat", "소켓으로 봐요")])
            #expect(await sprout.deliveredPushes().count == before + 1)

            // That instance died without a word: once its presence is stale, phones are told again.
            sprout.clock.advance(by: 76)
            _ = try await sprout.study(.POST, "v1/chat/\(b.accountID)", a, form: [("chat", "어디 가셨어요")])
            #expect(await pushes(sprout, to: "device-b").last?.body == "어디 가셨어요")
        }
    }

    @Test("a profile without a device token gets no push, and a dead token is cleared unless replaced")
    func deadAndMissingTokens() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+821022220003", nick: "웹사람", signUp: false)
            var form = TestSprout.signupForm(nick: "웹사람")
            form.removeAll { $0.0 == "FCMtoken" }
            #expect(try await sprout.study(.POST, "v1/user", a.token, form: form + [("FCMtoken", "")]).status.code == 200)
            let web = StudyPerson(token: a.token, uid: try await sprout.study(.GET, "v1/user", a.token).decode(Study.User.self).uid, phone: a.phone)
            let b = try await sprout.studyPerson("+821022220004", nick: "폰사람")
            #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", b, form: [("FCMtoken", "dead-device")]).status.code == 200)
            try await sprout.enterQueue(web)
            try await sprout.enterQueue(b)

            sprout.pushes.answer("dead-device", with: .dropToken(reason: "UNREGISTERED"))
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", web, form: [("otheruid", b.accountID)]).status.code == 200)
            #expect(await pushes(sprout, to: "dead-device").count == 1)
            #expect(try await user(sprout, b).fcmToken == "", "the provider said the token is dead")

            // The phone registers again; a failed push that is not a dead token keeps it.
            #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", b, form: [("FCMtoken", "new-device")]).status.code == 200)
            sprout.pushes.answer("new-device", with: .retryLater(after: 30))
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", b, form: [("otheruid", web.uid)]).status.code == 200)
            #expect(await pushes(sprout, to: "new-device").map { $0.data["event"] } == ["matched"])
            #expect(try await user(sprout, b).fcmToken == "new-device")
            #expect(await sprout.deliveredPushes().allSatisfy { !$0.token.isEmpty }, "the web profile has no phone to tell")
        }
    }

    @Test("presence: arrivals, leavings, instances that die, and refreshes that mend what arrived out of order")
    func presence() async throws {
        try await withSprout { sprout in
            let db = sprout.app.db
            let here = StudyPresence(instance: "here", clock: sprout.platform.clock, staleAfter: .seconds(75))
            let there = StudyPresence(instance: "there", clock: sprout.platform.clock, staleAfter: .seconds(75))
            #expect(try await !here.isOnline("u1", on: db))
            try await here.arrived("u1", on: db)
            try await there.arrived("u1", on: db)
            try await here.arrived("u1", on: db)
            #expect(try await there.isOnline("u1", on: db))
            try await here.left("u1", on: db)
            #expect(try await here.isOnline("u1", on: db), "still open on the other instance")
            try await there.left("u1", on: db)
            #expect(try await !here.isOnline("u1", on: db))

            // A leaving recorded before its arrival leaves a row the sockets no longer back.
            try await here.left("u2", on: db)
            try await here.arrived("u2", on: db)
            try await here.refresh(holding: ["u3"], on: db)
            #expect(try await !here.isOnline("u2", on: db))
            #expect(try await here.isOnline("u3", on: db))

            // "there" stops refreshing; "here" keeps on.
            try await there.arrived("u4", on: db)
            sprout.clock.advance(by: 50)
            try await here.refresh(holding: ["u3"], on: db)
            sprout.clock.advance(by: 50)
            #expect(try await here.isOnline("u3", on: db))
            #expect(try await !here.isOnline("u4", on: db))
            try await here.refresh(holding: ["u3"], on: db)
            #expect(try await SocketPresence.query(on: db).all(\.$uid) == ["u3"], "the stale row is pruned")
            try await here.leaveAll(on: db)
            #expect(try await SocketPresence.query(on: db).count() == 0)
        }
    }
}
