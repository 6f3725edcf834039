import Fluent
import OpenAPIDocuments
import PlatformCore
import SproutAPI
import Vapor

/// `/api/conversations`, `/api/blocks` and `/api/unread`: Sprout's own API for talking, for an
/// access token from `/api/auth`. Errors are `{ "error": true, "reason": … }`.
struct ConversationsController: Sendable {
    let messenger: Messenger
    let uploadBodyLimit: ByteCount
    let versions: ReadVersions
    /// Inbox pages, kept per account until a message, a read or a block of theirs, or a write to
    /// what the rows show (a product, a lesson, a picture, a name), moves a counter.
    let inboxes: AnswerCache<InboxRead>

    init(messenger: Messenger, uploadBodyLimit: ByteCount, versions: ReadVersions) {
        self.messenger = messenger
        self.uploadBodyLimit = uploadBodyLimit
        self.versions = versions
        inboxes = AnswerCache(Messenger.readGroup, perAccount: \.accountID, versions: versions)
    }

    /// One page of one account's inbox, under the counters of everything else its rows show.
    struct InboxRead: Hashable, Sendable {
        let accountID: String
        let before: Int?
        let limit: Int
        let dependencies: [Int64?]
    }

    static let signedIn: [Int: String] = [401: "Not signed in", 419: "Access token expired: refresh", 429: "Too many calls"]
    static let paging = [
        APIOperation.Parameter("before", .integer(), "The `next_before` of the previous page"),
        APIOperation.Parameter("limit", .integer(), "1 to 50"),
    ]

    func register(on routes: DocumentedRoutes) {
        typealias Routes = Conversations.Routes
        routes.onResponse(Routes.open, doc: .init(
            "Start a conversation about a product or a lesson",
            description: "Opens the conversation with the thing's owner and sends the first message. The same person about the same thing gets the same conversation.",
            responses: Self.signedIn.merging([201: "The new conversation", 200: "The conversation we already had (the message is sent in it)",
                                              400: "Bad text (1 to 1,000 characters) or unknown app", 403: "About my own thing, or one of us blocked the other",
                                              404: "No such product or lesson"]) { $1 },
            answer: Conversations.Conversation.self, answerAlsoFor: [201]
        ), use: open)
        routes.onResponse(Routes.inbox, doc: .init(
            "My conversations, most recent activity first", query: Self.paging,
            responses: Self.signedIn.merging([200: "A page of conversations", 400: "Bad paging values"]) { $1 }
        ), use: inbox)
        routes.on(Routes.conversation, doc: .init(
            "One of my conversations", responses: Self.signedIn.merging([200: "The conversation", 404: "No such conversation of mine"]) { $1 }
        ), use: conversation)
        routes.on(Routes.messages, doc: .init(
            "Messages, newest first", query: Self.paging,
            responses: Self.signedIn.merging([200: "A page of messages", 400: "Bad paging values", 404: "No such conversation of mine"]) { $1 }
        ), use: messages)
        routes.onResponse(Routes.send, body: .collect(maxSize: uploadBodyLimit), doc: .init(
            "Send a message",
            description: "JSON `{text}`, or a multipart form with a `photo` file (and an optional `text`).",
            body: .json(Conversations.SendRequest.self).or(.multipart([.init("photo", required: true, .file, "An image"), .init("text", "An optional caption")])),
            responses: Self.signedIn.merging([201: "The message", 400: "Bad text or photo", 403: "One of us blocked the other", 404: "No such conversation of mine",
                                              413: "Too large"]) { $1 },
            answerAlsoFor: [201]
        ), use: send)
        routes.on(Routes.read, doc: .init(
            "Mark everything read", responses: Self.signedIn.merging([200: "The read receipt", 404: "No such conversation of mine"]) { $1 }
        ), use: read)
        routes.on(Routes.report, doc: .init(
            "Report a conversation",
            responses: Self.signedIn.merging([200: "{filed}: false when reported before", 400: "Unknown reason or a note over 500 characters",
                                              404: "No such conversation of mine"]) { $1 }
        ), use: report)
        routes.on(Routes.block, doc: .init(
            "Block a person: no conversations or messages between us",
            responses: Self.signedIn.merging([200: "{account, blocked}", 400: "Blocking myself", 404: "No such account"]) { $1 }
        ), use: block)
        routes.on(Routes.unblock, doc: .init(
            "Unblock a person", responses: Self.signedIn.merging([200: "{account, blocked}", 404: "No such account"]) { $1 }
        ), use: unblock)
        routes.on(Routes.unread, doc: .init(
            "What the badges count", responses: Self.signedIn.merging([200: "{messages, notifications}"]) { $1 }
        ), use: unread)
    }

    func open(_ req: Request) async throws -> Response {
        let body = try req.decodeBody(Conversations.OpenRequest.self)
        let (conversation, created) = try await messenger.open(about: body.about, by: try req.authenticatedAccountID, text: body.text, on: req.db)
        return try await APIAnswer(conversation, status: created ? .created : .ok).encodeResponse(for: req)
    }

    func inbox(_ req: Request) async throws -> EncodedJSON {
        let (before, limit) = try Self.paging(req, defaultLimit: 20)
        let me = try req.authenticatedAccountID
        var dependencies: [Int64?] = []
        for group in messenger.inboxDependencies { dependencies.append(try await versions.current(group, for: req)) }
        let read = InboxRead(accountID: me, before: before, limit: limit, dependencies: dependencies)
        // Without a counter for one of them, nothing can say when the page changed.
        guard !dependencies.contains(nil) else { return EncodedJSON(try WireJSON.encoder().encode(try await page(read, on: req.db))) }
        return EncodedJSON(try await inboxes.answer(read, for: req) { try WireJSON.encoder().encode(try await page(read, on: req.db)) })
    }

    private func page(_ read: InboxRead, on db: any Database) async throws -> Conversations.Inbox {
        try await messenger.inbox(of: read.accountID, before: read.before, limit: read.limit, on: db)
    }

    func conversation(_ req: Request) async throws -> Conversations.Conversation {
        try await messenger.conversation(try Self.conversationID(req, at: Conversations.Routes.conversation), for: try req.authenticatedAccountID, on: req.db)
    }

    func messages(_ req: Request) async throws -> Conversations.MessagePage {
        let (before, limit) = try Self.paging(req, defaultLimit: 30)
        let id = try Self.conversationID(req, at: Conversations.Routes.messages)
        return try await messenger.messages(in: id, for: try req.authenticatedAccountID, before: before, limit: limit, on: req.db)
    }

    func send(_ req: Request) async throws -> Response {
        let me = try req.authenticatedAccountID
        let id = try Self.conversationID(req, at: Conversations.Routes.send)
        let message: Conversations.Message
        if req.headers.contentType?.type == "multipart" {
            let parts = try req.multipartParts()
            let photo = parts.first { $0.name == "photo" }.map { Data(buffer: $0.body) }
            // Read as sent: a NUL is refused with the other control characters, not dropped.
            let text = parts.first { $0.name == "text" }.map { String(decoding: $0.body.readableBytesView, as: UTF8.self) } ?? ""
            message = try await messenger.send(text: text, photo: photo, in: id, by: me, on: req.db)
        } else {
            message = try await messenger.send(text: try req.decodeBody(Conversations.SendRequest.self).text, photo: nil, in: id, by: me, on: req.db)
        }
        return try await APIAnswer(message, status: .created).encodeResponse(for: req)
    }

    func read(_ req: Request) async throws -> Conversations.ReadReceipt {
        try await messenger.markRead(try Self.conversationID(req, at: Conversations.Routes.read), by: try req.authenticatedAccountID, on: req.db)
    }

    func report(_ req: Request) async throws -> Conversations.ReportOutcome {
        let body = try req.decodeBody(Conversations.ReportRequest.self)
        let id = try Self.conversationID(req, at: Conversations.Routes.report)
        let outcome = try await messenger.report(id, by: try req.authenticatedAccountID, reason: body.reason, note: body.note ?? "", on: req.db)
        return Conversations.ReportOutcome(filed: outcome == .filed)
    }

    func block(_ req: Request) async throws -> Conversations.BlockStatus {
        let account = try req.decodeBody(Conversations.BlockRequest.self).account
        do {
            try await messenger.block(account, by: try req.authenticatedAccountID, on: req.db)
        } catch ConversationError.withYourself {
            throw Abort(.badRequest, reason: "Nobody blocks themselves.")
        }
        return Conversations.BlockStatus(account: account, blocked: true)
    }

    func unblock(_ req: Request) async throws -> Conversations.BlockStatus {
        let account = Conversations.Routes.unblock.parameters(in: req) ?? ""
        try await messenger.unblock(account, by: try req.authenticatedAccountID, on: req.db)
        return Conversations.BlockStatus(account: account, blocked: false)
    }

    func unread(_ req: Request) async throws -> Conversations.Unread {
        try await UnreadBadges.count(of: try req.authenticatedAccountID, on: req.db)
    }

    /// The conversation `route` names.
    static func conversationID<Body, Answer>(_ req: Request, at route: APIRoute<String, Body, Answer>) throws -> String {
        guard let id = route.parameters(in: req) else { throw ConversationError.notFound }
        return id
    }

    /// `before` and `limit` from the query: whole numbers in range, or 400.
    static func paging(_ req: Request, defaultLimit: Int) throws -> (before: Int?, limit: Int) {
        func number(_ name: String) throws -> Int? {
            guard let text = req.queryValue(name) else { return nil }
            guard let value = Int(text) else { throw ConversationError.invalidPaging }
            return value
        }
        return (try number("before"), try number("limit") ?? defaultLimit)
    }
}

/// A JSON answer with a status of its own (201 for what was created).
struct APIAnswer<Body: Encodable & Sendable>: AsyncResponseEncodable {
    let body: Body
    let status: HTTPResponseStatus

    init(_ body: Body, status: HTTPResponseStatus) {
        self.body = body
        self.status = status
    }

    func encodeResponse(for request: Request) async throws -> Response {
        let response = try await JSONResponse(body: body).encodeResponse(for: request)
        response.status = status
        return response
    }
}
