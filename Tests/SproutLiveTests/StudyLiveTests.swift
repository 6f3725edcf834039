import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import SproutTestSupport
import SQLKit
import Testing
import Vapor

/// SeSAC Study's SDK and view models against the real server over real sockets: phone sign-in
/// through the Firebase-emulator REST paths, signup, the queue, matching, and an ID token
/// refreshed after its hour.
@Suite struct StudyLiveTests {
    @Test func twoPeopleSignInByPhoneQueueNearbyAndMatch() async throws {
        try await withListeningSprout { sprout, url in
            let (alice, aliceUID) = try await signedUp(url, phone: "01012345678", nick: "앨리스", sprout: sprout)
            let (bob, bobUID) = try await signedUp(url, phone: "010-2222-3333", nick: "밥", sprout: sprout)

            // About 300 m apart, near the SeSAC campus.
            #expect(try await alice.enterQueue(Study.QueueEntry(lat: 37.517819, long: 126.886145, studylist: ["swift"])) == .waiting)
            #expect(try await bob.enterQueue(Study.QueueEntry(lat: 37.520519, long: 126.886145, studylist: [])) == .waiting)
            #expect(try await alice.queueState() == .waiting)

            let found = try await bob.search(lat: 37.520519, long: 126.886145)
            #expect(found.fromQueueDB.map(\.uid) == [aliceUID])
            #expect(found.fromRecommend == ["swift"], "the tags most studied nearby")

            #expect(try await bob.requestStudy(with: aliceUID) == .sent)
            let received = try await alice.search(lat: 37.517819, long: 126.886145)
            #expect(received.fromQueueDBRequested.map(\.uid) == [bobUID])
            #expect(try await alice.acceptStudy(with: bobUID) == .matched)
            #expect(try await bob.queueState() == .matched(nick: "앨리스", uid: aliceUID, dodged: false, reviewed: false))

            // An hour on, the ID token has lapsed: the session refreshes it once and retries.
            sprout.clock.advance(by: 3601)
            #expect(try await alice.queueState() == .matched(nick: "밥", uid: bobUID, dodged: false, reviewed: false))
            #expect(try await alice.dodge(bobUID) == .cancelled)
            #expect(try await bob.queueState() == .matched(nick: "앨리스", uid: aliceUID, dodged: true, reviewed: false))
        }
    }

    @Test func theChatScreenGetsHistoryThenLiveMessagesOverTheSocket() async throws {
        try await withListeningSprout { sprout, url in
            let (alice, aliceUID) = try await signedUp(url, phone: "01044445555", nick: "앨리스", sprout: sprout)
            let (bob, bobUID) = try await signedUp(url, phone: "01066667777", nick: "밥", sprout: sprout)
            #expect(try await alice.enterQueue(Study.QueueEntry(lat: 37.5178, long: 126.8861, studylist: [])) == .waiting)
            #expect(try await bob.enterQueue(Study.QueueEntry(lat: 37.5179, long: 126.8861, studylist: [])) == .waiting)
            #expect(try await bob.requestStudy(with: aliceUID) == .sent)
            #expect(try await alice.acceptStudy(with: bobUID) == .matched)
            #expect(try await bob.sendChat("먼저 왔어요", to: aliceUID) != .studyOver)
            let socket = alice.chatSocket(connector: NIOWebSocketConnector(eventLoopGroup: sprout.app.eventLoopGroup))
            try await Self.chatScreen(alice: alice, aliceUID: aliceUID, bob: bob, socket: socket)
        }
    }

    @Test func aChatReachesThePhoneOnlyWhileNoSocketIsOpen() async throws {
        try await withListeningSprout { sprout, url in
            let (alice, aliceUID) = try await signedUp(url, phone: "01088889999", nick: "앨리스", sprout: sprout)
            let (bob, bobUID) = try await signedUp(url, phone: "01077776666", nick: "밥", sprout: sprout)
            #expect(try await alice.enterQueue(Study.QueueEntry(lat: 37.5178, long: 126.8861, studylist: [])) == .waiting)
            #expect(try await bob.enterQueue(Study.QueueEntry(lat: 37.5179, long: 126.8861, studylist: [])) == .waiting)
            #expect(try await bob.requestStudy(with: aliceUID) == .sent)
            #expect(try await alice.acceptStudy(with: bobUID) == .matched)
            let toAlice = { await sprout.deliveredPushes().filter { $0.token == "fcm-앨리스" }.map(\.message) }
            #expect(await toAlice().compactMap { $0.data["event"] } == ["studyRequest", "matched"])

            #expect(try await bob.sendChat("먼저 왔어요", to: aliceUID) != .studyOver)
            #expect(await toAlice().last?.body == "먼저 왔어요")

            let socket = alice.chatSocket(connector: NIOWebSocketConnector(eventLoopGroup: sprout.app.eventLoopGroup))
            let events = await socket.events()
            await socket.connect()
            var iterator = events.makeAsyncIterator()
            #expect(await iterator.next() == .connected)
            try await Self.waitUntil { try await Self.presentUIDs(sprout) == [aliceUID] }
            #expect(try await bob.sendChat("소켓으로 와요", to: aliceUID) != .studyOver)
            guard case let .chat(live)? = await iterator.next() else { throw CancellationError() }
            #expect(live.chat == "소켓으로 와요")
            #expect(await toAlice().count == 3, "the open socket showed it; no push")

            await socket.disconnect()
            try await Self.waitUntil { try await Self.presentUIDs(sprout).isEmpty }
            #expect(try await bob.sendChat("나중에 봐요", to: aliceUID) != .studyOver)
            let last = await toAlice().last
            #expect(last?.body == "나중에 봐요" && last?.title == "밥")
        }
    }

    @Test func theShopRecordsAPurchaseAndShowsTheItems() async throws {
        try await withListeningSprout { sprout, url in
            let (shopper, _) = try await signedUp(url, phone: "01055554444", nick: "쇼핑", sprout: sprout)
            #expect(try await shopper.chooseItems(sesac: 2, background: 0) == .notOwned)
            let receipt = Data(#"{"in_app":[{"product_id":"com.memolease.sesac1.sprout2","transaction_id":"live-1"}]}"#.utf8).base64EncodedString()
            #expect(try await shopper.buy(receipt: receipt, product: "com.memolease.sesac1.sprout2") == .granted)
            #expect(try await shopper.buy(receipt: "not-a-receipt", product: "com.memolease.sesac1.sprout2") == .invalidReceipt)
            #expect(try await shopper.shopInfo().sesacCollection == [0, 2])
            #expect(try await shopper.chooseItems(sesac: 2, background: 0) == .saved)
            #expect(try await shopper.shopInfo().sesac == 2)
        }
    }

    /// The uids some instance holds a study socket for.
    private static func presentUIDs(_ sprout: TestSprout) async throws -> [String] {
        let sql = try #require(sprout.app.db as? any SQLDatabase)
        return try await sql.select().column("uid").from("study_socket_presence").all().map { try $0.decode(column: "uid", as: String.self) }
    }

    /// Checks every 10 ms, until `condition` holds (5 s at most).
    private static func waitUntil(_ condition: () async throws -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<500 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the condition never held", sourceLocation: sourceLocation)
    }

    /// Alice's chat screen: the stored message first, then one over the socket, then her reply.
    @MainActor
    private static func chatScreen(alice: StudyClient, aliceUID: String, bob: StudyClient, socket: StudySocket) async throws {
        let screen = StudyChatViewModel(study: alice, realtime: socket)
        await screen.viewDidAppear()
        #expect(screen.partnerNick == "밥" && screen.messages.map(\.chat) == ["먼저 왔어요"])
        try await eventually { screen.isConnected }
        #expect(try await bob.sendChat("소켓으로 와요", to: aliceUID) != .studyOver)
        try await eventually { screen.messages.count == 2 }
        screen.draftChanged("반가워요")
        await screen.sendTapped()
        #expect(screen.messages.map(\.chat) == ["먼저 왔어요", "소켓으로 와요", "반가워요"])
        #expect(try await bob.chats(with: aliceUID).map(\.chat) == ["먼저 왔어요", "소켓으로 와요", "반가워요"])
        await screen.viewDidDisappear()
    }

    /// Waits on the real socket, checking every 10 ms, until `condition` holds (5 s at most).
    @MainActor
    private static func eventually(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<500 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the condition never held", sourceLocation: sourceLocation)
    }

    /// The sign-in view model's path, then the signup the route asks for: the client, and the id
    /// others know the person by.
    @MainActor
    private func signedUp(_ url: URL, phone: String, nick: String, sprout: TestSprout) async throws -> (StudyClient, String) {
        let study = StudyClient(baseURL: url)
        let signIn = PhoneSignInViewModel(phoneAuth: PhoneAuthClient(emulatorHost: url), study: study)
        signIn.phoneChanged(phone)
        await signIn.sendCodeTapped()
        #expect(signIn.step == .code && signIn.remainingSeconds == 60)
        let e164 = try #require(KoreanPhoneNumber.e164(signIn.phone))
        signIn.codeChanged(try await listedCode(for: e164, sprout: sprout))
        await signIn.verifyTapped()
        #expect(signIn.route == .signup(phoneNumber: e164), "\(String(describing: signIn.alert))")
        signIn.viewDidDisappear()

        let outcome = try await study.signUp(Study.Signup(
            phoneNumber: e164, fcmToken: "fcm-\(nick)", nick: nick, birth: "1998-03-01T00:00:00.000Z",
            email: "study@sprout.test", gender: .woman
        ))
        guard case let .created(user) = outcome else {
            Issue.record("signup answered \(outcome)")
            throw CancellationError()
        }
        #expect(user.nick == nick && user.phoneNumber == e164)
        // What everyone else is shown this person by; their own uid is sealed (`PhoneUIDs`).
        let shown = try #require(sprout.platform.phoneSignIn.uids.account(ofUID: user.uid))
        return (study, shown)
    }

    /// The code the development sender listed, as someone testing with the emulator reads it.
    private func listedCode(for phoneNumber: String, sprout: TestSprout) async throws -> String {
        struct Listing: Decodable {
            struct Code: Decodable {
                let phoneNumber: String
                let code: String
            }

            let verificationCodes: [Code]
        }
        let listing = try await sprout.send(.GET, "emulator/v1/projects/\(sprout.platform.phoneSignIn.project)/verificationCodes").decode(Listing.self)
        return try #require(listing.verificationCodes.last { $0.phoneNumber == phoneNumber }?.code)
    }
}
