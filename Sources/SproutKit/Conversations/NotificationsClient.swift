import Foundation
import SproutAPI

/// Sprout's own notifications API (`/api/notifications`): the signed-in account's list, marking it
/// read, and which kinds reach it. Every call needs the signed-in `session`.
public struct NotificationsClient: Sendable {
    /// The API client every call goes through (its session is the signed-in account's).
    public let api: APIClient

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    ///   - session: the signed-in account's, shared with `AccountsClient` and the others.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .market, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    /// Newest first; `before` is the `nextBefore` of the page before.
    public func notifications(before: Int? = nil, limit: Int? = nil) async throws -> Notifications.Page {
        try await api.send(Endpoint(Notifications.Routes.page, query: ConversationsClient.paging(before, limit)))
    }

    /// Marks everything read, or everything up to the notification `upTo`; answers what stays unread.
    @discardableResult
    public func markRead(upTo: Int? = nil) async throws -> Notifications.UnreadCount {
        try await api.send(Endpoint(Notifications.Routes.read, body: Notifications.ReadRequest(upTo: upTo)))
    }

    /// What the badges count: unread notifications and messages (`GET /api/unread`).
    public func unread() async throws -> Conversations.Unread {
        try await api.send(Endpoint(Conversations.Routes.unread))
    }

    /// Which kinds of notification reach me.
    public func settings() async throws -> Notifications.Settings {
        try await api.send(Endpoint(Notifications.Routes.settings))
    }

    /// Turns one kind on or off; answers every kind's setting.
    public func update(_ setting: Notifications.Setting) async throws -> Notifications.Settings {
        try await api.send(Endpoint(Notifications.Routes.change, body: setting))
    }

    /// Pushes my notifications to this device while no live stream of mine is open: `token` is the
    /// app's FCM registration token (`Messaging.messaging().token`). Call again whenever it changes.
    @discardableResult
    public func registerDevice(fcmToken token: String) async throws -> Push.Subscription {
        try await api.send(Endpoint(Push.Routes.subscribe, body: Push.Subscribe(fcmToken: token)))
    }

    /// Stops pushing to this device (on signing out).
    public func unregisterDevice(fcmToken token: String) async throws {
        // 204 with no body: nothing to decode.
        try await api.send(Endpoint<Void>(Push.Routes.unsubscribe, (), body: Push.Unsubscribe(fcmToken: token)) { _ in })
    }
}
