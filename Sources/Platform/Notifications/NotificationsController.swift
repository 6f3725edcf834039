import Fluent
import OpenAPIDocuments
import SproutAPI
import Vapor

/// `/api/notifications`: the signed-in account's list, its unread count and its settings.
struct NotificationsController: Sendable {
    let notifications: AccountNotifications

    func register(on routes: DocumentedRoutes) {
        typealias Routes = Notifications.Routes
        let signedIn = ConversationsController.signedIn
        routes.on(Routes.page, doc: .init(
            "My notifications, newest first", description: "Text in the language of `Accept-Language` (Korean by default).",
            query: ConversationsController.paging, responses: signedIn.merging([200: "A page of notifications", 400: "Bad paging values"]) { $1 }
        ), use: page)
        routes.on(Routes.read, doc: .init(
            "Mark notifications read: all, or up to an id", responses: signedIn.merging([200: "{unread_count}"]) { $1 }
        ), use: read)
        routes.on(Routes.settings, doc: .init(
            "Which kinds reach me", responses: signedIn.merging([200: "{kinds: [{kind, enabled}]}"]) { $1 }
        ), use: settings)
        routes.on(Routes.change, doc: .init(
            "Turn one kind on or off", responses: signedIn.merging([200: "The settings", 400: "Unknown kind"]) { $1 }
        ), use: change)
    }

    func page(_ req: Request) async throws -> Notifications.Page {
        let (before, limit) = try ConversationsController.paging(req, defaultLimit: 20)
        return try await notifications.page(of: try req.authenticatedAccountID, before: before, limit: limit, english: req.language == .en, on: req.db)
    }

    func read(_ req: Request) async throws -> Notifications.UnreadCount {
        let upTo = req.body.data?.readableBytes ?? 0 > 0 ? try req.decodeBody(Notifications.ReadRequest.self).upTo : nil
        return Notifications.UnreadCount(unreadCount: try await notifications.markRead(of: try req.authenticatedAccountID, upTo: upTo, on: req.db))
    }

    func settings(_ req: Request) async throws -> Notifications.Settings {
        try await notifications.settings(of: try req.authenticatedAccountID, on: req.db)
    }

    func change(_ req: Request) async throws -> Notifications.Settings {
        let body = try req.decodeBody(Notifications.Setting.self)
        return try await notifications.set(body.kind, enabled: body.enabled, for: try req.authenticatedAccountID, on: req.db)
    }
}
