import Fluent
import SproutAPI
import Vapor

/// `/api/notifications`: the signed-in account's list, its unread count and its settings.
struct NotificationsController: Sendable {
    let notifications: AccountNotifications

    func register(on routes: DocumentedRoutes) {
        let bearer = ConversationsController.bearer
        let signedIn = ConversationsController.signedIn
        let notifications = routes.grouped("api", "notifications")
        notifications.on(.GET, doc: .init(
            "My notifications, newest first", description: "Text in the language of `Accept-Language` (Korean by default).",
            headers: [bearer], query: ConversationsController.paging,
            responses: signedIn.merging([200: "A page of notifications", 400: "Bad paging values"]) { $1 }
        ), use: page)
        notifications.on(.POST, "read", doc: .init(
            "Mark notifications read: all, or up to an id", headers: [bearer], body: .json(Notifications.ReadRequest.self),
            responses: signedIn.merging([200: "{unread_count}"]) { $1 }
        ), use: read)
        notifications.on(.GET, "settings", doc: .init(
            "Which kinds reach me", headers: [bearer], responses: signedIn.merging([200: "{kinds: [{kind, enabled}]}"]) { $1 }
        ), use: settings)
        notifications.on(.PUT, "settings", doc: .init(
            "Turn one kind on or off", headers: [bearer], body: .json(Notifications.Setting.self),
            responses: signedIn.merging([200: "The settings", 400: "Unknown kind"]) { $1 }
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

/// The messenger's and the notifications' errors in Sprout's own API shape.
struct ConversationErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as ConversationError {
            throw Self.abort(error)
        } catch NotificationError.unknownKind {
            throw Abort(.badRequest, reason: "Unknown notification kind.")
        } catch NotificationError.invalidPaging {
            throw Abort(.badRequest, reason: Self.pagingReason)
        } catch let abort as any AbortError where abort.status == .unprocessableEntity {
            // An empty or unreadable body is the client's mistake, as any other bad body: 400.
            throw Abort(.badRequest, reason: "The body is not the JSON this route reads.")
        } catch let error as ReportError {
            switch error {
            case .unknownReason: throw Abort(.badRequest, reason: "Unknown reason: use prohibited, fraud, spam, abusive or other.")
            case let .noteTooLong(maximum): throw Abort(.badRequest, reason: "A note has at most \(maximum) characters.")
            }
        }
    }

    static let pagingReason = "before must be a positive id and limit 1 to \(Conversations.maxPageSize)."

    static func abort(_ error: ConversationError) -> Abort {
        switch error {
        case .unknownApp: Abort(.badRequest, reason: "Conversations are about market products or lessons.")
        case .unknownSubject: Abort(.notFound, reason: "No such thing to talk about.")
        case .withYourself: Abort(.forbidden, reason: "Nobody talks with themselves here.")
        case .blocked: Abort(.forbidden, reason: "One of you blocked the other.")
        case .notFound: Abort(.notFound, reason: "No such conversation.")
        case .emptyText: Abort(.badRequest, reason: "A message needs text.")
        case let .textTooLong(maximum): Abort(.badRequest, reason: "A message has at most \(maximum) characters.")
        case .controlCharacters: Abort(.badRequest, reason: "A message cannot hold control characters.")
        case .invalidPaging: Abort(.badRequest, reason: pagingReason)
        case let .photo(refusal): Abort(.badRequest, reason: "photo: \(refusal.englishReason)")
        case .foreignFiles: Abort(.badRequest, reason: "files must be paths a photo upload answered.")
        }
    }
}
