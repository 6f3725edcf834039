import Foundation
import Platform
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// Who a study socket listens for (issue 29): a client that never signed in as someone never gets
/// their chats, whatever ids the APIs showed it, while the published clients' `changesocketid`
/// with their own uid keeps working. Sessions are long-polling ones, in process: a poll answers
/// at once what is waiting, so what a session was sent is read without waiting for a ping.
@Suite("Study: socket binding")
struct StudySocketBindingTests {
    struct Polling {
        let sprout: TestSprout
        let sid: String

        static func open(_ sprout: TestSprout, headers: [String: String] = [:]) async throws -> Polling {
            let handshake = try await sprout.send(.GET, "socket.io/?EIO=4&transport=polling", headers: headers).body.string
            let open = try JSONSerialization.jsonObject(with: Data(handshake.dropFirst().utf8)) as? [String: Any]
            return Polling(sprout: sprout, sid: try #require(open?["sid"] as? String))
        }

        func post(_ packets: String...) async throws {
            let response = try await sprout.send(.POST, "socket.io/?EIO=4&transport=polling&sid=\(sid)", body: packets.joined(separator: "\u{1e}"))
            #expect(response.body.string == "ok")
        }

        /// What waits for this session; something always does (the `40` after a connect).
        func poll() async throws -> [String] {
            try await sprout.send(.GET, "socket.io/?EIO=4&transport=polling&sid=\(sid)").body.string.split(separator: "\u{1e}").map(String.init)
        }

        func changeSocketID(_ uid: String) async throws {
            try await post("40", "42" + String(decoding: try JSONEncoder().encode(["changesocketid", uid]), as: UTF8.self))
        }
    }

    func chat(_ sprout: TestSprout, from person: StudyPerson, to uid: String, _ text: String) async throws {
        #expect(try await sprout.study(.POST, "v1/chat/\(uid)", person, form: [("chat", text)]).status.code == 200)
    }

    func present(_ sprout: TestSprout) async throws -> [String] {
        try await SocketPresence.query(on: sprout.app.db).all(\.$uid)
    }

    @Test("a stranger binding every uid the APIs show gets no chat, and the victim keeps their pushes")
    func strangerHearsNothing() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", b, form: [("FCMtoken", "device-b")]).status.code == 200)
            let watcher = try await sprout.studyPerson("+821011110009", nick: "엿보기")
            try await sprout.enterQueue(watcher)
            // Everything about a and b that anyone can read: search, a's state, a's chat, the
            // lessons profile of the same account.
            var shown = Set(try await sprout.search(watcher).fromQueueDB.map(\.uid))
            let state = try #require(try await sprout.queueState(a).state)
            shown.insert(state.matchedUid)
            try await chat(sprout, from: b, to: a.uid, "미리 보낸 말")
            let history = try await sprout.study(.GET, "v1/chat/\(b.accountID)?lastchatDate=2000-01-01T00:00:00.000Z", a).decode(Study.ChatHistory.self)
            shown.formUnion(history.payload.flatMap { [$0.from, $0.to] }.filter { $0 != a.uid })
            #expect(shown.contains(b.accountID) && !shown.contains(b.uid), "b is shown by their account id only")

            let stranger = try await Polling.open(sprout)
            for uid in shown { try await stranger.changeSocketID(uid) }
            #expect(try await present(sprout).isEmpty, "no bare account id binds")
            try await chat(sprout, from: a, to: b.accountID, "비밀 이야기")
            #expect(try await stranger.poll().allSatisfy { !$0.contains("비밀 이야기") })
            #expect(await sprout.deliveredPushes().filter { $0.token == "device-b" }.map(\.message.body) == ["비밀 이야기"], "b still gets the push")
        }
    }

    @Test("the published clients' changesocketid with their own uid binds them, and the chat names them as they know themselves")
    func ownUIDBinds() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", b, form: [("FCMtoken", "device-b")]).status.code == 200)
            let me = try await sprout.study(.GET, "v1/user", b).decode(Study.User.self)
            let phone = try await sprout.phoneSignIn(b.phone)
            #expect(me.uid == b.uid && phone.localId == b.uid, "GET /v1/user and the Firebase localId agree")

            let socket = try await Polling.open(sprout)
            try await socket.changeSocketID(b.uid)
            #expect(try await present(sprout) == [b.accountID])
            try await chat(sprout, from: a, to: b.accountID, "안녕하세요")
            let packets = try await socket.poll()
            let event = try #require(packets.first { $0.hasPrefix("42") })
            let payload = try #require(try JSONSerialization.jsonObject(with: Data(event.dropFirst(2).utf8)) as? [Any])
            let chat = try #require(payload.last as? [String: String])
            #expect(payload.first as? String == "chat")
            #expect(chat["chat"] == "안녕하세요" && chat["to"] == b.uid && chat["from"] == a.accountID)
            #expect(await sprout.deliveredPushes().filter { $0.token == "device-b" }.isEmpty, "the open socket showed it")
        }
    }

    @Test("a credential binds at once and cannot be moved to someone else; a bad one is refused")
    func credentialBinds() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            let byHeader = try await Polling.open(sprout, headers: ["idtoken": b.token])
            try await byHeader.post("40")
            #expect(try await present(sprout) == [b.accountID])
            try await byHeader.post("42" + String(decoding: try JSONEncoder().encode(["changesocketid", a.uid]), as: UTF8.self))
            #expect(try await present(sprout) == [b.accountID], "a proven session stays its own")

            let byAuth = try await Polling.open(sprout)
            try await byAuth.post(#"40{"idtoken":"\#(a.token)"}"#)
            #expect(Set(try await present(sprout)) == [a.accountID, b.accountID])

            let forged = try await Polling.open(sprout)
            try await forged.post(#"40{"idtoken":"not-a-token"}"#)
            #expect(try await forged.poll() == [#"44{"message":"invalid idtoken"}"#])
        }
    }

    @Test("one client address holds at most its share of sockets, and a closed one frees its place")
    func socketsPerClient() async throws {
        // Pings run on real time: an hour between them keeps the two sessions open however long a
        // loaded machine takes between these requests (under a full suite's load, 25 s did not).
        try await withSprout(configure: { $0.livePerClient = 2; $0.socketPingInterval = .seconds(3600) }) { sprout in
            let first = try await Polling.open(sprout)
            _ = try await Polling.open(sprout)
            let refused = try await sprout.send(.GET, "socket.io/?EIO=4&transport=polling")
            #expect(refused.status == .tooManyRequests && refused.headers.first(name: .retryAfter) == "30")
            try await first.post("1")
            #expect(try await sprout.send(.GET, "socket.io/?EIO=4&transport=polling").status == .ok)
        }
    }

    @Test("an instance with a name starts every session id with it, for the balancer")
    func sessionIDsNameTheirInstance() async throws {
        try await withSprout(configure: { $0.instanceName = "b2" }) { sprout in
            let handshake = try await sprout.send(.GET, "socket.io/?EIO=4&transport=polling").body.string
            let open = try JSONDecoder().decode([String: AnyCodableSID].self, from: Data(handshake.dropFirst().utf8))
            #expect(open["sid"]?.text?.hasPrefix("b2.") == true, "\(handshake)")
        }
    }

    @Test("uids: an account's sealed uid names it, nothing else does")
    func sealedUIDs() {
        let uids = PhoneUIDs(secret: String(repeating: "s", count: 48))
        let sealed = uids.uid(ofAccount: "65a1b2c3d4e5f60718293a4b")
        #expect(uids.account(ofUID: sealed) == "65a1b2c3d4e5f60718293a4b")
        #expect(uids.account(ofUID: "65a1b2c3d4e5f60718293a4b") == nil)
        #expect(uids.account(ofUID: String(sealed.dropLast()) + (sealed.last == "0" ? "1" : "0")) == nil)
        #expect(PhoneUIDs(secret: String(repeating: "t", count: 48)).account(ofUID: sealed) == nil, "another server's key")
        #expect(uids.account(ofUID: "") == nil && uids.account(ofUID: String(repeating: "가", count: 300)) == nil)
        #expect(uids.accountID(sealed) == "65a1b2c3d4e5f60718293a4b" && uids.accountID("someone") == "someone")
    }
}

/// The `sid` of an Engine.IO open packet among its other values.
private struct AnyCodableSID: Decodable {
    let text: String?

    init(from decoder: any Decoder) throws {
        text = try? decoder.singleValueContainer().decode(String.self)
    }
}
