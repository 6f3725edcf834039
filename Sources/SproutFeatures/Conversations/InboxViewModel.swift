import Foundation
import Observation
import SproutAPI
import SproutKit

/// My conversations, most recent activity first, kept live: a message moves its conversation to
/// the top (with the unread count the server gives me, which a message of mine leaves at nothing
/// new), and reading a conversation on another device clears its count. Pages older
/// conversations in as the list scrolls, never showing one twice.
@MainActor @Observable
public final class InboxViewModel {
    public enum Route: Sendable, Equatable {
        case conversation(id: String)
    }

    // MARK: Outputs
    /// Ordered by their last message, newest first, as the server orders them.
    public private(set) var conversations: [Conversations.Conversation] = []
    /// The first page is on its way (show the spinner).
    public private(set) var isLoading = false
    public private(set) var isRefreshing = false
    public private(set) var hasOlder = false
    public private(set) var alert: ConversationAlert?
    public private(set) var route: Route?

    /// Unread messages in the conversations shown (the tab's badge).
    public var unreadCount: Int { conversations.reduce(0) { $0 + $1.unreadCount } }

    /// Whether the other side has read my last message in `conversation`, as far as this screen
    /// has heard (read receipts, and their own later messages).
    public func isLastMessageRead(in conversation: Conversations.Conversation) -> Bool {
        guard let last = conversation.lastMessage, last.senderID != conversation.other.id else { return false }
        return (readByOther[conversation.id] ?? 0) >= last.id
    }

    // MARK: Dependencies and state
    let client: ConversationsClient
    let live: any LiveEventFeed
    let pageSize: Int
    /// How close to the end a displayed row must be to fetch the next page.
    let prefetchDistance: Int
    private var nextBefore: Int?
    private var isLoadingOlder = false
    /// Bumped by every first-page load, so an older page that arrives after it is dropped.
    private var generation = 0
    private var listening: Task<Void, Never>?
    private var readByOther: [String: Int] = [:]

    public init(conversations: ConversationsClient, live: any LiveEventFeed, pageSize: Int = 20, prefetchDistance: Int = 3) {
        client = conversations
        self.live = live
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
    }

    // MARK: Inputs

    /// Loads the first page and listens from then on. The feed is joined before the load, so an
    /// event sent while the page is on its way is applied after it, not lost.
    public func viewDidAppear() async {
        let updates = listening == nil ? await live.events() : nil
        isLoading = true
        await loadFirstPage()
        isLoading = false
        if let updates { listen(to: updates) }
    }

    public func viewDidDisappear() {
        listening?.cancel()
        listening = nil
    }

    public func refreshPulled() async {
        isRefreshing = true
        await loadFirstPage()
        isRefreshing = false
    }

    public func willDisplayConversation(at index: Int) async {
        guard hasOlder, !isLoadingOlder, index >= conversations.count - prefetchDistance, let before = nextBefore else { return }
        isLoadingOlder = true
        defer { isLoadingOlder = false }
        let generation = generation
        do {
            let page = try await client.inbox(before: before, limit: pageSize)
            guard generation == self.generation else { return }
            merge(page.conversations)
            nextBefore = page.nextBefore
            hasOlder = page.nextBefore != nil
        } catch {
            guard generation == self.generation else { return }
            alert = .failure(error)
        }
    }

    public func conversationTapped(id: String) {
        route = .conversation(id: id)
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Loading

    private func loadFirstPage() async {
        generation += 1
        let generation = generation
        do {
            let page = try await client.inbox(limit: pageSize)
            guard generation == self.generation else { return }
            // What events brought while the page was on its way and the page does not know yet stays.
            let newer = conversations.filter { local in
                guard let lastID = local.lastMessage?.id else { return false }
                let listed = page.conversations.first { $0.id == local.id }
                return lastID > (listed?.lastMessage?.id ?? page.conversations.first?.lastMessage?.id ?? 0)
            }
            conversations = page.conversations
            merge(newer)
            nextBefore = page.nextBefore
            hasOlder = page.nextBefore != nil
        } catch {
            guard generation == self.generation else { return }
            alert = .failure(error)
        }
    }

    /// Adds `incoming`, each replacing the one held unless the held one has a newer message (or,
    /// for an event, the same one: the page that brought it is the fresher view), and keeps the
    /// order by last message.
    private func merge(_ incoming: [Conversations.Conversation], fromEvent: Bool = false) {
        for conversation in incoming {
            if let index = conversations.firstIndex(where: { $0.id == conversation.id }) {
                let (new, held) = (conversation.lastMessage?.id ?? 0, conversations[index].lastMessage?.id ?? 0)
                guard new > held || (new == held && !fromEvent) else { continue }
                conversations[index] = conversation
            } else {
                conversations.append(conversation)
            }
            noteTheirMessage(conversation.lastMessage, in: conversation)
        }
        // Stable, so conversations without messages keep their places at the end.
        conversations = conversations.enumerated().sorted { first, second in
            let (a, b) = (first.element.lastMessage?.id ?? 0, second.element.lastMessage?.id ?? 0)
            return a != b ? a > b : first.offset < second.offset
        }.map(\.element)
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
        case let .event(_, .message(event)):
            var conversation = event.conversation
            // The event's view of the conversation is the server's for me at that message: its
            // unread count includes the message unless it is mine (sending reads the conversation).
            conversation.lastMessage = event.message
            if event.message.senderID != conversation.other.id { conversation.unreadCount = 0 }
            merge([conversation], fromEvent: true)
        case let .event(_, .read(receipt)):
            guard let index = conversations.firstIndex(where: { $0.id == receipt.conversationID }) else { return }
            if receipt.readerID == conversations[index].other.id {
                readByOther[receipt.conversationID] = max(readByOther[receipt.conversationID] ?? 0, receipt.readUpTo)
            } else if receipt.readUpTo >= (conversations[index].lastMessage?.id ?? 0) {
                // I read it, here or on another device.
                conversations[index].unreadCount = 0
            }
        case .connected(resumed: false):
            // Events start from now: whatever happened before is in a fresh first page.
            await loadFirstPage()
        case .event(_, .notification), .connected(resumed: true), .disconnected, .stopped:
            break
        }
    }

    /// The other side reads everything before they write (sending marks read on the server).
    private func noteTheirMessage(_ message: Conversations.Message?, in conversation: Conversations.Conversation) {
        guard let message, message.senderID == conversation.other.id else { return }
        readByOther[conversation.id] = max(readByOther[conversation.id] ?? 0, message.id)
    }
}
