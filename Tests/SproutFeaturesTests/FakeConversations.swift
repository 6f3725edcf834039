import Foundation
import SproutAPI
@testable import SproutFeatures
import SproutKit

/// A scripted conversations server for view-model tests, answering through `TestTransport` as
/// `Messenger` does: message ids grow across conversations, pages are newest first with the
/// `before` cursor, sending marks the sender's side read, and every message and read receipt is
/// published to `live` before the answer, as the real server does. The account is "me".
actor FakeConversationServer {
    struct Thread {
        var conversation: Conversations.Conversation
        var myReadUpTo = 0
    }

    static let me = "me"

    let live = FakeLiveEvents()
    private var threads: [String: Thread] = [:]
    private var messages: [Conversations.Message] = []
    private var notifications: [Notifications.Item] = []
    private var nextID = 0
    private var failures: [String: [Int]] = [:]
    private var held: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var holding: Set<String> = []
    /// "METHOD path?query" of every request, in order.
    private(set) var calls: [String] = []

    nonisolated var conversations: ConversationsClient {
        ConversationsClient(baseURL: URL(string: "http://sprout.test")!, transport: transport,
                            session: AuthSession(tokens: AuthTokens(accessToken: "a", refreshToken: "r")))
    }

    nonisolated var notificationsClient: NotificationsClient {
        NotificationsClient(baseURL: URL(string: "http://sprout.test")!, transport: transport,
                            session: AuthSession(tokens: AuthTokens(accessToken: "a", refreshToken: "r")))
    }

    private nonisolated var transport: TestTransport {
        TestTransport { [self] request in try await self.answer(request) }
    }

    // MARK: Scripting

    /// A conversation with `other` about a product, without messages.
    func addConversation(_ id: String, with other: String, blocked: Bool = false) {
        threads[id] = Thread(conversation: Conversations.Conversation(
            id: id, webID: "web-\(id)", other: Conversations.Person(id: other, name: other.capitalized, picture: nil),
            about: Conversations.About(app: "market", id: "p-\(id)", title: "Chair \(id)", photo: nil, price: 1000, state: nil, path: "/market/products/p-\(id)"),
            lastMessage: nil, unreadCount: 0, blocked: blocked, updatedAt: "2026-01-01T00:00:00Z"
        ))
    }

    /// Stores a message from `sender` ("me" or the other side), publishing it unless `quietly`.
    @discardableResult
    func post(_ text: String, in id: String, from sender: String, photo: String? = nil, quietly: Bool = false) async -> Conversations.Message {
        nextID += 1
        let message = Conversations.Message.wire(id: nextID, in: id, from: sender, text: text, photo: photo,
                                                 sentAt: "2026-01-01T00:00:\(String(format: "%02d", nextID % 60)).000Z")
        messages.append(message)
        if sender == Self.me { threads[id]?.myReadUpTo = message.id }
        if !quietly, let conversation = view(id) {
            await live.emit(.message(LiveEvents.MessageEvent(conversation: conversation, message: message)))
        }
        return message
    }

    @discardableResult
    func addNotification(read: Bool = false, publish: Bool = false) async -> Notifications.Item {
        nextID += 1
        let item = Notifications.Item(id: nextID, app: "market", kind: "product_liked", text: "좋아요 \(nextID)", link: "/market/products/\(nextID)",
                                      read: read, createdAt: "2026-01-01T00:00:00Z")
        notifications.append(item)
        if publish { await live.emit(.notification(item)) }
        return item
    }

    /// The next `times` calls of `key` ("POST /api/conversations/c1/messages") answer `status`
    /// (0: the connection fails).
    func fail(_ key: String, status: Int = 500, times: Int = 1) {
        failures[key, default: []] += Array(repeating: status, count: times)
    }

    /// Calls of `key` wait until `release(_:)`.
    func hold(_ key: String) { holding.insert(key) }

    func release(_ key: String) {
        holding.remove(key)
        for waiting in held.removeValue(forKey: key) ?? [] { waiting.resume() }
    }

    func view(_ id: String) -> Conversations.Conversation? {
        guard var thread = threads[id]?.conversation else { return nil }
        let mine = messages.filter { $0.conversationID == id }
        thread.lastMessage = mine.last
        thread.unreadCount = mine.filter { $0.id > (threads[id]?.myReadUpTo ?? 0) && $0.senderID != Self.me }.count
        return thread
    }

    func messageIDs(in id: String) -> [Int] { messages.filter { $0.conversationID == id }.map(\.id) }

    // MARK: Answering

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.path
        let key = "\(request.method.rawValue) \(path)"
        calls.append(key + (request.url.query.map { "?\($0)" } ?? ""))
        if holding.contains(key) { await withCheckedContinuation { held[key, default: []].append($0) } }
        if let status = failures[key]?.first {
            failures[key]?.removeFirst()
            if status == 0 { throw SproutError.transport("offline") }
            return Self.refusal(status)
        }
        let query = Dictionary((URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { $1 }
        let before = query["before"].flatMap(Int.init)
        let limit = query["limit"].flatMap(Int.init) ?? 20
        // "api/conversations/:id/messages": the id taken out, so routes compare as strings.
        var parts = path.split(separator: "/").map(String.init)
        var id = ""
        if parts.count >= 3, ["conversations", "blocks"].contains(parts[1]) {
            id = parts[2]
            parts[2] = ":id"
        }
        switch (request.method, parts.joined(separator: "/")) {
        case (.get, "api/conversations"):
            let all = threads.keys.compactMap(view).filter { $0.lastMessage != nil }.sorted { $0.lastMessage!.id > $1.lastMessage!.id }
            let found = Array(all.filter { before == nil || $0.lastMessage!.id < before! }.prefix(limit + 1))
            let shown = Array(found.prefix(limit))
            return Self.ok(Conversations.Inbox(conversations: shown, nextBefore: found.count > limit ? shown.last?.lastMessage?.id : nil))
        case (.get, "api/conversations/:id"):
            return view(id).map { Self.ok($0) } ?? Self.refusal(404)
        case (.get, "api/conversations/:id/messages"):
            guard threads[id] != nil else { return Self.refusal(404) }
            let found = Array(messages.filter { $0.conversationID == id && (before == nil || $0.id < before!) }.reversed().prefix(limit + 1))
            let shown = Array(found.prefix(limit))
            return Self.ok(Conversations.MessagePage(messages: shown, nextBefore: found.count > limit ? shown.last?.id : nil))
        case (.post, "api/conversations/:id/messages"):
            guard let thread = threads[id] else { return Self.refusal(404) }
            if thread.conversation.blocked { return Self.refusal(403) }
            let (text, photo) = Self.sent(request)
            return Self.ok(await post(text, in: id, from: Self.me, photo: photo), status: 201)
        case (.post, "api/conversations/:id/read"):
            guard threads[id] != nil else { return Self.refusal(404) }
            let upTo = messageIDs(in: id).last ?? 0
            threads[id]?.myReadUpTo = upTo
            let receipt = Conversations.ReadReceipt(conversationID: id, readerID: Self.me, readUpTo: upTo)
            await live.emit(.read(receipt))
            return Self.ok(receipt)
        case (.post, "api/conversations/:id/report"):
            return threads[id] == nil ? Self.refusal(404) : Self.ok(Conversations.ReportOutcome(filed: true))
        case (.post, "api/blocks"):
            let account = (try? JSONDecoder().decode(Conversations.BlockRequest.self, from: request.body ?? Data()))?.account ?? ""
            for key in threads.keys where threads[key]?.conversation.other.id == account { threads[key]?.conversation.blocked = true }
            return Self.ok(Conversations.BlockStatus(account: account, blocked: true))
        case (.delete, "api/blocks/:id"):
            let account = id
            for key in threads.keys where threads[key]?.conversation.other.id == account { threads[key]?.conversation.blocked = false }
            return Self.ok(Conversations.BlockStatus(account: account, blocked: false))
        case (.get, "api/unread"):
            let messages = threads.keys.compactMap(view).reduce(0) { $0 + $1.unreadCount }
            return Self.ok(Conversations.Unread(messages: messages, notifications: notifications.filter { !$0.read }.count))
        case (.get, "api/notifications"):
            let found = Array(notifications.filter { before == nil || $0.id < before! }.reversed().prefix(limit + 1))
            let shown = Array(found.prefix(limit))
            return Self.ok(Notifications.Page(notifications: shown, nextBefore: found.count > limit ? shown.last?.id : nil))
        case (.post, "api/notifications/read"):
            let upTo = (try? JSONDecoder().decode(Notifications.ReadRequest.self, from: request.body ?? Data()))?.upTo ?? Int.max
            for index in notifications.indices where notifications[index].id <= upTo { notifications[index].read = true }
            return Self.ok(Notifications.UnreadCount(unreadCount: notifications.filter { !$0.read }.count))
        default:
            return Self.refusal(404)
        }
    }

    /// The text and the photo of a send, JSON or multipart.
    private static func sent(_ request: HTTPRequest) -> (text: String, photo: String?) {
        let body = request.body ?? Data()
        guard request.header("Content-Type")?.hasPrefix("multipart/") == true else {
            return ((try? JSONDecoder().decode(Conversations.SendRequest.self, from: body))?.text ?? "", nil)
        }
        let text = String(decoding: body, as: UTF8.self)
        let caption = text.components(separatedBy: "name=\"text\"\r\n\r\n").dropFirst().first?.components(separatedBy: "\r\n").first ?? ""
        return (caption, "uploads/photo-\(body.count).jpg")
    }

    private static func ok(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: try! JSONEncoder().encode(value))
    }

    private static func refusal(_ status: Int) -> HTTPResponse {
        HTTPResponse(status: status, body: Data(#"{"error":true,"reason":"refused with \#(status)"}"#.utf8))
    }
}

/// The account's live events, played by the test (or by `FakeConversationServer`).
actor FakeLiveEvents: LiveEventFeed {
    private var continuations: [UUID: AsyncStream<LiveEventStream.Update>.Continuation] = [:]
    private var nextID = 100
    /// Every `events()` call so far.
    private(set) var subscriptions = 0
    var listeners: Int { continuations.count }

    func events() -> AsyncStream<LiveEventStream.Update> {
        let (stream, continuation) = AsyncStream<LiveEventStream.Update>.makeStream()
        let id = UUID()
        continuations[id] = continuation
        subscriptions += 1
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        return stream
    }

    func emit(_ update: LiveEventStream.Update) {
        for continuation in continuations.values { continuation.yield(update) }
    }

    func emit(_ event: LiveEvent) {
        nextID += 1
        emit(.event(id: String(nextID), event))
    }

    private func remove(_ id: UUID) { continuations[id] = nil }
}

/// Lets the view models' listening tasks run until `condition` holds (for at most 5 seconds, so
/// a busy machine is waited for; the expectation after it fails when the condition never came).
@MainActor func eventually(_ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition(), ContinuousClock.now < deadline { await Task.yield() }
}

/// `eventually` for a condition that asks an actor (the fake server's calls, the feed's listeners).
@MainActor func until(_ condition: () async -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(5)
    while await !condition(), ContinuousClock.now < deadline { await Task.yield() }
}

/// Lets everything pending run, before checking that something did not happen.
@MainActor func settle() async {
    for _ in 0..<10_000 { await Task.yield() }
}

extension Conversations.Message {
    /// A message as a client reads it off the wire (built from JSON, so it holds whatever the
    /// wire type keeps beside `photo`).
    static func wire(id: Int, in conversationID: String, from senderID: String, text: String, photo: String? = nil,
                     sentAt: String = "2026-01-01T00:00:00.000Z") -> Self {
        let fields: [String: Any] = ["id": id, "conversation_id": conversationID, "sender_id": senderID, "text": text,
                                     "photo": photo ?? NSNull(), "sent_at": sentAt]
        return try! JSONDecoder().decode(Self.self, from: JSONSerialization.data(withJSONObject: fields))
    }
}
