import Foundation
import Observation
import SproutAPI
import SproutKit

/// The chat with my study partner (spec §4, "Local persistence and incremental fetch"): confirm
/// the match, load the history newer than what is held, then open the socket so nothing falls
/// between the fetch and the live messages; after a reconnect, fetch what was missed. Sending goes
/// through REST and the message is shown once the server stored it. "스터디 취소" cancels the
/// study (a dodge, with its penalty unless the partner already ended it).
@MainActor @Observable
public final class StudyChatViewModel {
    public enum Route: Sendable, Equatable {
        /// Not matched (any more): back to the home map.
        case home
    }

    /// Longer messages are not sent; the server refuses them too.
    public static let maxMessageLength = 2000

    // MARK: Outputs
    public private(set) var partnerNick = ""
    public private(set) var partnerUID = ""
    public private(set) var messages: [Study.Chat] = []
    public private(set) var draft = ""
    public private(set) var isSending = false
    /// The partner cancelled or reviewed: the study is over and sending is off.
    public private(set) var isStudyOver = false
    public private(set) var isConnected = false
    public private(set) var toast: StudyMessage?
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    public var isSendEnabled: Bool {
        let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        return !text.isEmpty && text.count <= Self.maxMessageLength && !isSending && !isStudyOver && !partnerUID.isEmpty
    }

    /// Whether I wrote `chat` (it went to my partner).
    public func isMine(_ chat: Study.Chat) -> Bool { chat.to == partnerUID }

    let study: any StudyService
    let realtime: any StudyRealtime
    private var log = StudyChatLog()
    private var listening: Task<Void, Never>?

    public init(study: any StudyService, realtime: any StudyRealtime) {
        self.study = study
        self.realtime = realtime
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        do {
            guard case let .matched(nick, uid, dodged, reviewed) = try await study.queueState() else {
                route = .home
                return
            }
            partnerNick = nick
            partnerUID = uid
            isStudyOver = dodged || reviewed
            if dodged { toast = .studyCancelled(nick: nick) }
            try await fetchMissed()
        } catch {
            alert = StudyMessage.failure(error)
            return
        }
        await listen()
    }

    public func viewDidDisappear() async {
        listening?.cancel()
        listening = nil
        isConnected = false
        await realtime.disconnect()
    }

    public func draftChanged(_ text: String) {
        draft = text
    }

    public func sendTapped() async {
        guard isSendEnabled else { return }
        let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        isSending = true
        defer { isSending = false }
        do {
            switch try await study.sendChat(text, to: partnerUID) {
            case let .sent(chat):
                draft = ""
                show([chat])
            case .studyOver:
                isStudyOver = true
                alert = .studyOver
            }
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    /// "스터디 취소": ends the study and leaves the chat.
    public func cancelStudyTapped() async {
        do {
            _ = try await study.dodge(partnerUID)
            await viewDidDisappear()
            route = .home
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    public func toastShown() { toast = nil }
    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Live messages

    private func listen() async {
        let events = await realtime.events()
        listening = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                await self.handle(event)
            }
        }
        await realtime.connect()
    }

    private func handle(_ event: StudySocket.Event) async {
        switch event {
        case .connected:
            isConnected = true
            // Whatever arrived while the socket was down.
            try? await fetchMissed()
        case .disconnected:
            isConnected = false
        case let .chat(chat) where chat.from == partnerUID:
            show([chat])
        case .chat, .other:
            break
        }
    }

    private func fetchMissed() async throws {
        show(try await study.chats(with: partnerUID, after: log.newest))
    }

    private func show(_ chats: [Study.Chat]) {
        guard !log.merge(chats).isEmpty else { return }
        messages = log.messages
    }
}
