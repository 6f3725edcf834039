import Fluent
import Foundation
import OpenAPIDocuments
import SproutAPI
import Vapor

/// `/inbox`: my conversations, one conversation, and the forms that start, write, read, block and
/// report them. Every app's pages link here ("채팅하기" on a product, "선생님께 문의하기" on a lesson).
struct InboxPages: Sendable {
    let messenger: Messenger
    let uploadBodyLimit: ByteCount
    let appointments: Appointments

    func register(on pages: any RoutesBuilder) {
        pages.get(PlatformPaths.inbox, use: list)
        pages.post(PlatformPaths.inbox, use: start)
        pages.get(PlatformPaths.inboxUnread, use: unread)
        pages.get(PlatformPaths.conversation, use: show)
        pages.post(PlatformPaths.conversationMessages, upTo: uploadBodyLimit, use: send)
        pages.post(PlatformPaths.conversationRead, use: read)
        pages.post(PlatformPaths.conversationBlock) { try await self.block($0, blocking: true) }
        pages.post(PlatformPaths.conversationUnblock) { try await self.block($0, blocking: false) }
        pages.get(PlatformPaths.conversationReport) { req in try await ReportPages().form(req, try await self.reportTarget(req)) }
        pages.post(PlatformPaths.conversationReport) { req in try await ReportPages().submit(req, try await self.reportTarget(req)) }
    }

    /// The form an app's page shows to start a conversation about one of its things.
    struct StartForm: Content {
        var app: String?
        var id: String?
        var text: String?
        /// The page the form was on: where a visitor whose session ended meanwhile comes back to
        /// after signing in (browsers send no path in `Referer`: `SecurityHeadersMiddleware`).
        var back: String?
    }

    func list(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let before = try Self.beforeCursor(req)
        let inbox = try await messenger.inbox(of: try account.requireID(), before: before, limit: 20, on: req.db)
        return InboxViews.inbox(context, inbox)
    }

    func start(_ req: Request) async throws -> Response {
        let form = try req.content.decode(StartForm.self)
        let back = LocalPath.sanitized(form.back)
        let (context, account) = try await PageContext.signedIn(req, next: back)
        let subject = Conversations.Subject(app: form.app ?? "", id: form.id ?? "")
        do {
            let (conversation, _) = try await messenger.open(about: subject, by: try account.requireID(), text: form.text ?? "", on: req.db)
            return req.redirect(to: PlatformPaths.conversation.link(conversation.webID), redirectType: .normal)
        } catch let error as ConversationError {
            let status: HTTPResponseStatus = switch error {
            case .unknownSubject, .unknownApp, .notFound: .notFound
            case .withYourself, .blocked: .forbidden
            default: .badRequest
            }
            return InboxViews.refusal(context, title: context.pick(ko: "대화를 시작할 수 없어요", en: "Cannot start the conversation"),
                                      message: InboxViews.reason(error, context), back: back, status: status)
        }
    }

    func show(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let me = try account.requireID()
        let webID = try self.webID(req, at: PlatformPaths.conversation)
        // A conversation its app holds on a page of its own (a study pair's chat) opens there:
        // its notifications, reminders and calendar entries link here.
        if let page = try await messenger.chatPage(of: try await conversationID(webID, for: me, req), for: me, on: req.db) {
            return req.redirect(to: page, redirectType: .normal)
        }
        return try await conversationPage(req, context, webID: webID, me: me, error: nil)
    }

    func send(_ req: Request) async throws -> Response {
        let webID = try self.webID(req, at: PlatformPaths.conversationMessages)
        let (context, account) = try await PageContext.signedIn(req, next: PlatformPaths.conversation.link(webID))
        let me = try account.requireID()
        let id = try await conversationID(webID, for: me, req)
        var text = ""
        var photo: Data?
        if req.headers.contentType?.type == "multipart" {
            let parts = try req.multipartParts()
            text = parts.first { $0.name == "text" }.map { String(decoding: $0.body.readableBytesView, as: UTF8.self) } ?? ""
            // A file input left empty still sends a part with no bytes.
            photo = parts.first { $0.name == "photo" && $0.body.readableBytes > 0 }.map { Data(buffer: $0.body) }
        } else {
            text = (try? req.content.get(String.self, at: "text")) ?? ""
        }
        do {
            _ = try await messenger.send(text: text, photo: photo, in: id, by: me, on: req.db)
        } catch let error as ConversationError where error != .notFound {
            return try await conversationPage(req, context, webID: webID, me: me, error: InboxViews.reason(error, context),
                                              status: error == .blocked ? .forbidden : .badRequest)
        }
        return req.redirect(to: PlatformPaths.conversation.link(webID, fragment: "send-form"), redirectType: .normal)
    }

    /// Marks the conversation read (the page does on opening, and its script when a message arrives).
    func read(_ req: Request) async throws -> Response {
        let webID = try self.webID(req, at: PlatformPaths.conversationRead)
        let (_, account) = try await PageContext.signedIn(req, next: PlatformPaths.conversation.link(webID))
        let me = try account.requireID()
        _ = try await messenger.markRead(try await conversationID(webID, for: me, req), by: me, on: req.db)
        return Response(status: .noContent)
    }

    /// The badges' counts as JSON, for `conversations.js` after an event.
    func unread(_ req: Request) async throws -> Response {
        guard let me = req.webAccountID else { throw Abort(.unauthorized) }
        let response = try await JSONResponse(body: try await UnreadBadges.count(of: me, on: req.db)).encodeResponse(for: req)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func block(_ req: Request, blocking: Bool) async throws -> Response {
        let webID = try self.webID(req, at: blocking ? PlatformPaths.conversationBlock : PlatformPaths.conversationUnblock)
        let (_, account) = try await PageContext.signedIn(req, next: PlatformPaths.conversation.link(webID))
        let me = try account.requireID()
        let other = try await messenger.conversation(try await conversationID(webID, for: me, req), for: me, on: req.db).other.id
        if blocking {
            try await messenger.block(other, by: me, on: req.db)
        } else {
            try await messenger.unblock(other, by: me, on: req.db)
        }
        return req.redirect(to: PlatformPaths.conversation.link(webID), redirectType: .normal)
    }

    private func reportTarget(_ req: Request) async throws -> ReportPages.Target {
        let webID = try self.webID(req, at: PlatformPaths.conversationReport)
        let (_, account) = try await PageContext.signedIn(req, next: PlatformPaths.conversation.link(webID))
        let me = try account.requireID()
        let id = try await conversationID(webID, for: me, req)
        let conversation = try await messenger.conversation(id, for: me, on: req.db)
        return ReportPages.Target(
            subject: ReportSubject(app: "conversations", id: id, path: PlatformPaths.conversation.link(webID)), form: PlatformPaths.conversationReport.link(webID),
            title: conversation.other.name, isOwn: false, nav: { _ in .empty }
        )
    }

    /// The conversation page of `webID`; `appointments` is what an appointment form brings back after a refusal (`AppointmentPages`).
    func conversationPage(_ req: Request, _ context: PageContext, webID: String, me: String, error: String?,
                          appointments refused: AppointmentViews.Refused = .init(), status: HTTPResponseStatus = .ok) async throws -> Response {
        let id = try await conversationID(webID, for: me, req)
        let before = try Self.beforeCursor(req)
        do {
            let page = try await messenger.messages(in: id, for: me, before: before, limit: 50, on: req.db)
            // Opening the newest page reads it; the badge counts drop with this page.
            if before == nil { _ = try await messenger.markRead(id, by: me, on: req.db) }
            var conversation = try await messenger.conversation(id, for: me, on: req.db)
            let details = try await messenger.details(of: conversation, for: me, on: req.db)
            // The price of the deal between these two (an accepted offer) is the one the header shows.
            if let price = details.price { conversation.about?.price = price }
            let otherReadUpTo = try await messenger.readUpTo(of: conversation.other.id, in: id, on: req.db)
            let removed = try await messenger.removed(among: page.messages.map(\.id), on: req.db)
            let shown = AppointmentViews.Shown(current: try await appointments.current(in: id, for: me, on: req.db), refused: refused)
            let fresh = try await PageContext.load(for: req)
            return InboxViews.conversation(before == nil ? fresh : context, me: me, conversation, page, otherReadUpTo: otherReadUpTo, removed: removed,
                                           details: details, appointments: shown, error: error, status: status)
        } catch ConversationError.notFound {
            throw Abort(.notFound)
        }
    }

    /// The conversation `path` names, by the id its web page goes by (`Conversation.webID`).
    func webID(_ req: Request, at path: PagePath<String>) throws -> String {
        guard let webID = path.parameters(in: req) else { throw Abort(.notFound) }
        return webID
    }

    /// The id of the conversation whose page is `webID`: 404 unless `me` is in it.
    func conversationID(_ webID: String, for me: String, _ req: Request) async throws -> String {
        do {
            return try await messenger.conversationID(ofWebID: webID, for: me, on: req.db)
        } catch ConversationError.notFound {
            throw Abort(.notFound)
        }
    }

    /// A page's `before` cursor: a positive id, or 400.
    static func beforeCursor(_ req: Request) throws -> Int? {
        guard let text = req.queryValue("before") else { return nil }
        guard let before = Int(text), before > 0 else { throw Abort(.badRequest) }
        return before
    }
}
