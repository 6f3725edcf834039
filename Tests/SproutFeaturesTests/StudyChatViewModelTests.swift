import Foundation
import SproutAPI
@testable import SproutFeatures
import SproutKit
import Testing

/// The chat screen: history then live messages, each once; a reconnect fetches what was missed;
/// sending through REST; a finished study; cancelling.
@MainActor @Suite struct StudyChatViewModelTests {
    static func chat(_ id: String, from: String = "uid-2", to: String = "uid-me", at second: Int) -> Study.Chat {
        Study.Chat(id: id, to: to, from: from, chat: "message \(id)", createdAt: "2022-12-04T09:37:\(String(format: "%02d", second)).000Z")
    }

    func matchedChat(dodged: Bool = false) async -> (StudyChatViewModel, FakeStudy, FakeRealtime) {
        let study = FakeStudy()
        await study.set(states: [.matched(nick: "고래밥", uid: "uid-2", dodged: dodged, reviewed: false)])
        let realtime = FakeRealtime()
        return (StudyChatViewModel(study: study, realtime: realtime), study, realtime)
    }

    @Test func historyFirstThenTheSocketThenLiveMessagesEachOnce() async throws {
        let (chat, study, realtime) = await matchedChat()
        await study.set(histories: [[Self.chat("a", at: 1), Self.chat("b", from: "uid-me", to: "uid-2", at: 2)], [Self.chat("d", at: 9)]])
        await chat.viewDidAppear()
        #expect(chat.partnerNick == "고래밥" && chat.messages.map(\.id) == ["a", "b"])
        #expect(chat.isMine(chat.messages[1]) && !chat.isMine(chat.messages[0]))
        #expect(await study.calls == ["queueState", "chats(uid-2,2000-01-01T00:00:00.000Z)"])
        #expect(await realtime.connects == 1, "the socket opens after the history")

        await realtime.emit(.connected)
        try await eventually { chat.isConnected && chat.messages.count == 3 }
        #expect(await study.calls.last == "chats(uid-2,2022-12-04T09:37:02.000Z)", "only what is newer than the newest held")
        await realtime.emit(.chat(Self.chat("c", at: 5)))
        await realtime.emit(.chat(Self.chat("c", at: 5)))
        await realtime.emit(.chat(Self.chat("x", from: "uid-stranger", at: 6)))
        await realtime.emit(.chat(Self.chat("e", at: 10)))
        try await eventually { chat.messages.count == 5 }
        #expect(chat.messages.map(\.id) == ["a", "b", "c", "d", "e"])

        await realtime.emit(.disconnected)
        try await eventually { !chat.isConnected }
        await chat.viewDidDisappear()
        #expect(await realtime.disconnects == 1)
    }

    @Test func sendingShowsWhatTheServerStoredAndAFinishedStudyStopsIt() async throws {
        let (chat, study, _) = await matchedChat()
        await chat.viewDidAppear()
        #expect(!chat.isSendEnabled)
        chat.draftChanged("   ")
        #expect(!chat.isSendEnabled)
        chat.draftChanged(String(repeating: "가", count: StudyChatViewModel.maxMessageLength + 1))
        #expect(!chat.isSendEnabled)
        chat.draftChanged("  안녕하세요 \n")
        await study.set(chatSend: .sent(Self.chat("m1", from: "uid-me", to: "uid-2", at: 3)))
        await chat.sendTapped()
        #expect(await study.calls.last == "sendChat(uid-2,안녕하세요)")
        #expect(chat.draft.isEmpty && chat.messages.map(\.id) == ["m1"])

        await study.set(chatSend: .studyOver)
        chat.draftChanged("아직 계세요?")
        await chat.sendTapped()
        #expect(chat.alert == .studyOver && chat.isStudyOver && !chat.isSendEnabled && chat.draft == "아직 계세요?")

        let (second, secondStudy, _) = await matchedChat()
        await secondStudy.fail("sendChat", with: SproutError.transport("offline"))
        await second.viewDidAppear()
        second.draftChanged("hi")
        await second.sendTapped()
        #expect(second.alert == .network && second.draft == "hi" && second.messages.isEmpty)
    }

    @Test func aCancelledStudyIsShownAndNotMatchedGoesHome() async throws {
        let (chat, _, _) = await matchedChat(dodged: true)
        await chat.viewDidAppear()
        #expect(chat.toast == .studyCancelled(nick: "고래밥") && chat.isStudyOver)

        let study = FakeStudy()
        await study.set(states: [.waiting])
        let realtime = FakeRealtime()
        let lonely = StudyChatViewModel(study: study, realtime: realtime)
        await lonely.viewDidAppear()
        let connects = await realtime.connects
        #expect(lonely.route == .home && connects == 0)
    }

    @Test func cancellingTheStudyDodgesAndLeaves() async throws {
        let (chat, study, realtime) = await matchedChat()
        await chat.viewDidAppear()
        await chat.cancelStudyTapped()
        #expect(await study.calls.last == "dodge(uid-2)")
        let disconnects = await realtime.disconnects
        #expect(chat.route == .home && disconnects == 1)
    }

    /// Lets the view model's listening task run until `condition` holds.
    func eventually(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
        #expect(condition(), sourceLocation: sourceLocation)
    }
}

/// The chat's socket, played by the test.
actor FakeRealtime: StudyRealtime {
    private var continuation: AsyncStream<StudySocket.Event>.Continuation?
    private(set) var connects = 0
    private(set) var disconnects = 0

    func events() -> AsyncStream<StudySocket.Event> {
        let (stream, continuation) = AsyncStream<StudySocket.Event>.makeStream()
        self.continuation = continuation
        return stream
    }

    func connect() { connects += 1 }
    func disconnect() { disconnects += 1 }
    func emit(_ event: StudySocket.Event) { continuation?.yield(event) }
}
