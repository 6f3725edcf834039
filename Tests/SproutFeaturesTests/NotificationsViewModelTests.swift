import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

/// The notifications list: pages, the live unread count, and marking all read.
@MainActor @Suite(.timeLimit(.minutes(1))) struct NotificationsViewModelTests {
    /// `count` notifications, ids 1…count, the first `read` of them read.
    func server(notifications count: Int, read: Int = 0) async -> FakeConversationServer {
        let server = FakeConversationServer()
        for index in 0..<count { await server.addNotification(read: index < read) }
        return server
    }

    @Test func pagesWithNoDuplicateAndCountsWhatIsUnreadOnTheServer() async throws {
        let server = await server(notifications: 25, read: 5)
        let list = NotificationsViewModel(notifications: server.notificationsClient, live: server.live, pageSize: 10)
        await list.viewDidAppear()
        #expect(list.notifications.map(\.id) == Array((16...25).reversed()))
        #expect(list.unreadCount == 20, "the server's count, not the page's")

        let live = await server.addNotification(publish: true)
        await eventually { list.notifications.first?.id == live.id }
        #expect(list.unreadCount == 21)
        await list.willDisplayNotification(at: 3)
        #expect(list.notifications.count == 11)
        await list.willDisplayNotification(at: 10)
        await list.willDisplayNotification(at: 20)
        #expect(list.notifications.map(\.id) == Array((1...26).reversed()))
        #expect(!list.hasOlder)
        #expect(await server.calls.filter { $0.hasPrefix("GET /api/notifications") } == [
            "GET /api/notifications?limit=10", "GET /api/notifications?before=16&limit=10", "GET /api/notifications?before=6&limit=10",
        ])

        await server.live.emit(.notification(live))
        await settle()
        #expect(list.unreadCount == 21 && list.notifications.count == 26, "a replayed notification counts once")
        list.notificationTapped(live)
        #expect(list.route == .link("/market/products/26"))
    }

    @Test func markingAllReadClearsAtOnceAndGoesBackWhenRefused() async throws {
        let server = await server(notifications: 3)
        let list = NotificationsViewModel(notifications: server.notificationsClient, live: server.live)
        await list.viewDidAppear()
        #expect(list.unreadCount == 3)

        await server.fail("POST /api/notifications/read", status: 0)
        await list.markAllReadTapped()
        #expect(list.unreadCount == 3 && list.notifications.allSatisfy { !$0.read } && list.alert == .network)

        await server.hold("POST /api/notifications/read")
        let marking = Task { await list.markAllReadTapped() }
        await eventually { list.unreadCount == 0 }
        #expect(list.notifications.allSatisfy { $0.read }, "at once, before the server answers")
        await server.release("POST /api/notifications/read")
        await marking.value
        #expect(list.unreadCount == 0 && list.notifications.allSatisfy { $0.read })
        #expect(await server.calls.last == "POST /api/notifications/read")

        await list.markAllReadTapped()
        #expect(await server.calls.filter { $0 == "POST /api/notifications/read" }.count == 2, "nothing unread: no call")
    }
}
