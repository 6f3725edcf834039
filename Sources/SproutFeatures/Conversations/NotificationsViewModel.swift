import Foundation
import Observation
import SproutAPI
import SproutKit

/// My notifications, newest first, paged as the list scrolls, with the unread count (the bell's
/// badge) kept live: a new notification goes on top and counts as unread. "Mark all read" clears
/// it at once and goes back if the server refuses.
@MainActor @Observable
public final class NotificationsViewModel {
    public enum Route: Sendable, Equatable {
        /// The notification's page on the web app (`/inbox/…`, `/market/products/…`).
        case link(String)
    }

    // MARK: Outputs
    public private(set) var notifications: [Notifications.Item] = []
    public private(set) var unreadCount = 0
    public private(set) var isLoading = false
    public private(set) var hasOlder = false
    public private(set) var alert: ConversationAlert?
    public private(set) var route: Route?

    // MARK: Dependencies and state
    let client: NotificationsClient
    let live: any LiveEventFeed
    let pageSize: Int
    let prefetchDistance: Int
    private var nextBefore: Int?
    private var isLoadingOlder = false
    private var generation = 0
    private var listening: Task<Void, Never>?

    public init(notifications: NotificationsClient, live: any LiveEventFeed, pageSize: Int = 20, prefetchDistance: Int = 3) {
        client = notifications
        self.live = live
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
    }

    // MARK: Inputs

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

    public func willDisplayNotification(at index: Int) async {
        guard hasOlder, !isLoadingOlder, index >= notifications.count - prefetchDistance, let before = nextBefore else { return }
        isLoadingOlder = true
        defer { isLoadingOlder = false }
        let generation = generation
        do {
            let page = try await client.notifications(before: before, limit: pageSize)
            guard generation == self.generation else { return }
            add(page.notifications)
            nextBefore = page.nextBefore
            hasOlder = page.nextBefore != nil
        } catch {
            guard generation == self.generation else { return }
            alert = .failure(error)
        }
    }

    /// Marks everything up to the newest shown read: one that arrives meanwhile stays unread.
    public func markAllReadTapped() async {
        guard unreadCount > 0 else { return }
        let wasUnread = Set(notifications.filter { !$0.read }.map(\.id))
        let countBefore = unreadCount
        for index in notifications.indices { notifications[index].read = true }
        unreadCount = 0
        do {
            unreadCount = try await client.markRead(upTo: notifications.first?.id).unreadCount
        } catch {
            for index in notifications.indices where wasUnread.contains(notifications[index].id) { notifications[index].read = false }
            // Plus whatever arrived while the call was out.
            unreadCount += countBefore
            alert = .failure(error)
        }
    }

    public func notificationTapped(_ item: Notifications.Item) {
        route = .link(item.link)
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Loading

    private func loadFirstPage() async {
        generation += 1
        let generation = generation
        do {
            async let page = client.notifications(limit: pageSize)
            async let unread = client.unread()
            let (first, counts) = try await (page, unread)
            guard generation == self.generation else { return }
            notifications = []
            add(first.notifications)
            unreadCount = counts.notifications
            nextBefore = first.nextBefore
            hasOlder = first.nextBefore != nil
        } catch {
            guard generation == self.generation else { return }
            alert = .failure(error)
        }
    }

    private func add(_ items: [Notifications.Item]) {
        let known = Set(notifications.map(\.id))
        notifications += items.filter { !known.contains($0.id) }
        notifications.sort { $0.id > $1.id }
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
        case let .event(_, .notification(item)):
            guard !notifications.contains(where: { $0.id == item.id }) else { return }
            add([item])
            if !item.read { unreadCount += 1 }
        case .connected(resumed: false):
            await loadFirstPage()
        case .event, .connected(resumed: true), .disconnected, .stopped:
            break
        }
    }
}
