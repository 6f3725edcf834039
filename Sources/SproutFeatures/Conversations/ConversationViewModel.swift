import Foundation
import Observation
import SproutAPI
import SproutKit

/// One conversation: the newest page of messages, older pages as the person scrolls up (each
/// message once, whatever arrives meanwhile), and live messages. A message I write shows at once
/// as sending, then as sent, or as failed with a retry. The conversation is marked read when it
/// appears and whenever the other side writes while it is shown; my messages show as read once
/// the other side has read them.
@MainActor @Observable
public final class ConversationViewModel {
    // MARK: Outputs
    public private(set) var conversation: Conversations.Conversation?
    /// Oldest first; rows not stored yet come last.
    public private(set) var messages: [ChatMessage] = []
    public private(set) var draft = ""
    public private(set) var isLoading = false
    public private(set) var hasOlder = false
    /// The newest of my messages the other side has read (a message id; 0 for none known).
    public private(set) var readByOtherUpTo = 0
    public private(set) var alert: ConversationAlert?

    /// Whether I blocked the other person (they may have blocked me too; the server refuses
    /// sending either way).
    public var isBlocked: Bool { conversation?.blocked ?? false }

    public var isSendEnabled: Bool {
        let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        return conversation != nil && !isBlocked && !text.isEmpty && text.count <= Conversations.maxTextLength
    }

    public func isRead(_ message: ChatMessage) -> Bool {
        message.isMine && (message.messageID.map { $0 <= readByOtherUpTo } ?? false)
    }

    // MARK: Dependencies and state
    let client: ConversationsClient
    let live: any LiveEventFeed
    public let conversationID: String
    let pageSize: Int
    /// How close to the top a displayed row must be to fetch the older page.
    let prefetchDistance: Int
    private var nextBefore: Int?
    private var isLoadingOlder = false
    private var isVisible = false
    private var listening: Task<Void, Never>?
    private var written = 0

    public init(conversationID: String, conversations: ConversationsClient, live: any LiveEventFeed, pageSize: Int = 30, prefetchDistance: Int = 3) {
        self.conversationID = conversationID
        client = conversations
        self.live = live
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
    }

    // MARK: Inputs

    /// Loads the conversation and its newest messages (keeping the older pages already shown),
    /// listens from then on, and marks it read. The feed is joined before the load, so nothing
    /// sent meanwhile is lost.
    public func viewDidAppear() async {
        isVisible = true
        let updates = listening == nil ? await live.events() : nil
        isLoading = true
        defer { isLoading = false }
        do {
            conversation = try await client.conversation(id: conversationID)
            try await loadNewest()
        } catch {
            alert = .failure(error)
            return
        }
        if let updates { listen(to: updates) }
        await markRead()
    }

    public func viewDidDisappear() {
        isVisible = false
        listening?.cancel()
        listening = nil
    }

    public func draftChanged(_ text: String) {
        draft = text
    }

    public func sendTapped() async {
        guard isSendEnabled else { return }
        let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        draft = ""
        await deliver(write(text, upload: nil))
    }

    /// Sends a photo (with the draft as its caption, when there is one).
    public func photoPicked(_ photo: ImageUpload) async {
        guard conversation != nil, !isBlocked else { return }
        let caption = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        draft = ""
        await deliver(write(caption, upload: photo))
    }

    /// Sends a failed message again.
    public func retryTapped(_ id: String) async {
        guard let index = messages.firstIndex(where: { $0.id == id }), messages[index].delivery == .failed else { return }
        await deliver(id)
    }

    public func willDisplayMessage(at index: Int) async {
        guard hasOlder, !isLoadingOlder, index < prefetchDistance, let before = nextBefore else { return }
        isLoadingOlder = true
        defer { isLoadingOlder = false }
        do {
            let page = try await client.messages(in: conversationID, before: before, limit: pageSize)
            insert(page.messages)
            nextBefore = page.nextBefore
            hasOlder = page.nextBefore != nil
        } catch {
            alert = .failure(error)
        }
    }

    public func blockTapped() async {
        guard let other = conversation?.other.id else { return }
        do {
            conversation?.blocked = try await client.block(other).blocked
        } catch {
            alert = .failure(error)
        }
    }

    public func unblockTapped() async {
        guard let other = conversation?.other.id else { return }
        do {
            conversation?.blocked = try await client.unblock(other).blocked
        } catch {
            alert = .failure(error)
        }
    }

    /// `reason` is one of the report desk's: `prohibited`, `fraud`, `spam`, `abusive`, `other`.
    public func reportSubmitted(reason: String, note: String?) async {
        do {
            alert = try await client.report(conversationID, reason: reason, note: note).filed ? .reported : .alreadyReported
        } catch {
            alert = .failure(error)
        }
    }

    public func alertDismissed() { alert = nil }

    // MARK: Messages

    private func loadNewest() async throws {
        let newestShown = messages.compactMap(\.messageID).max()
        var page = try await client.messages(in: conversationID, limit: pageSize)
        insert(page.messages)
        guard let newestShown else {
            nextBefore = page.nextBefore
            hasOlder = page.nextBefore != nil
            return
        }
        // Again after a while away: the older pages shown keep their cursor, and the pages
        // between them and the newest are filled in, so no message falls in between.
        while let before = page.nextBefore, page.messages.allSatisfy({ $0.id > newestShown }) {
            page = try await client.messages(in: conversationID, before: before, limit: pageSize)
            insert(page.messages)
        }
    }

    /// Adds the stored messages not shown yet, in order.
    private func insert(_ stored: [Conversations.Message]) {
        guard let other = conversation?.other.id else { return }
        let known = Set(messages.compactMap(\.messageID))
        let fresh = stored.filter { !known.contains($0.id) && $0.conversationID == conversationID }
        guard !fresh.isEmpty else { return }
        messages += fresh.map { ChatMessage(stored: $0, isMine: $0.senderID != other) }
        messages.sort(by: ChatMessage.inOrder)
        // Sending marks read on the server: whoever writes has read everything before.
        if let theirs = fresh.filter({ $0.senderID == other }).map(\.id).max() { readByOtherUpTo = max(readByOtherUpTo, theirs) }
    }

    private func write(_ text: String, upload: ImageUpload?) -> String {
        written += 1
        let row = ChatMessage(writing: text, upload: upload, sequence: written)
        messages.append(row)
        return row.id
    }

    private func deliver(_ id: String) async {
        guard let index = messages.firstIndex(where: { $0.id == id }) else { return }
        messages[index].delivery = .sending
        let row = messages[index]
        do {
            let stored = if let upload = row.upload {
                try await client.send(photo: upload, text: row.text, in: conversationID)
            } else {
                try await client.send(row.text, in: conversationID)
            }
            settle(id, as: stored)
        } catch {
            guard let index = messages.firstIndex(where: { $0.id == id }), messages[index].delivery == .sending else { return }
            messages[index].delivery = .failed
            alert = .failure(error)
        }
    }

    /// The row `id` is `message` now; a copy the live event brought first goes.
    private func settle(_ id: String, as message: Conversations.Message) {
        messages.removeAll { $0.messageID == message.id && $0.id != id }
        guard let index = messages.firstIndex(where: { $0.id == id }) else { return }
        messages[index].settle(as: message)
        messages.sort(by: ChatMessage.inOrder)
    }

    private func markRead() async {
        guard isVisible else { return }
        _ = try? await client.markRead(conversationID)
    }

    // MARK: Live events

    private func listen(to updates: AsyncStream<LiveEventStream.Update>) {
        listening = Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                await self.handle(update)
            }
        }
    }

    private func handle(_ update: LiveEventStream.Update) async {
        switch update {
        case let .event(_, .message(event)) where event.message.conversationID == conversationID:
            conversation = event.conversation
            let message = event.message
            guard !messages.contains(where: { $0.messageID == message.id }) else { return }
            if message.senderID != event.conversation.other.id {
                // Mine, from here (its send may not have answered yet) or from another device.
                if let index = messages.firstIndex(where: { $0.delivery == .sending && $0.messageID == nil && $0.text == message.text
                    && ($0.upload != nil) == (message.photo != nil) }) {
                    settle(messages[index].id, as: message)
                    return
                }
                insert([message])
            } else {
                insert([message])
                await markRead()
            }
        case let .event(_, .read(receipt)) where receipt.conversationID == conversationID:
            if receipt.readerID == conversation?.other.id { readByOtherUpTo = max(readByOtherUpTo, receipt.readUpTo) }
        case .connected(resumed: false):
            // Events start from now: fetch what came before.
            try? await loadNewest()
        case .event, .connected(resumed: true), .disconnected, .stopped:
            break
        }
    }
}
