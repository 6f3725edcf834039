import Foundation
import SproutAPI
import SproutKit
import Testing

/// Samples of the conversations API's answers.
enum ConversationSamples {
    static let message = Conversations.Message.wire(id: 41, in: "c1", from: "buyer", text: "아직 있나요?")
    static let conversation = Conversations.Conversation(
        id: "c1", webID: "w1", other: Conversations.Person(id: "seller", name: "Seller", picture: nil),
        about: Conversations.About(app: "market", id: "7", title: "Chair", photo: "uploads/chair.jpg", price: 45000, state: nil, path: "/market/products/7"),
        lastMessage: message, unreadCount: 0, blocked: false, updatedAt: "2026-01-01T00:00:00Z"
    )

    static func json(_ value: some Encodable) -> Data { try! JSONEncoder().encode(value) }
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

/// `ConversationsClient` and `NotificationsClient`: each call's exact request, and its answer read back.
@Suite struct ConversationsClientTests {
    static let base = URL(string: "http://sprout.test")!

    /// Sends one call through a signed-in client whose server answers `status` with `body`.
    func sent<T>(_ status: Int, _ body: Data, _ call: (ConversationsClient) async throws -> T) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: body) }
        let client = ConversationsClient(baseURL: Self.base, transport: transport, session: AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")))
        let result = try await call(client)
        #expect(transport.requests.count == 1)
        return (try #require(transport.requests.first), result)
    }

    func notification<T>(_ status: Int, _ body: Data, _ call: (NotificationsClient) async throws -> T) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: body) }
        let client = NotificationsClient(baseURL: Self.base, transport: transport, session: AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")))
        let result = try await call(client)
        #expect(transport.requests.count == 1)
        return (try #require(transport.requests.first), result)
    }

    func expect(_ request: HTTPRequest, _ method: HTTPMethod, _ path: String, query: [String] = [], json: JSONValue? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.url.path == path, sourceLocation: sourceLocation)
        #expect(request.queryPairs == query, sourceLocation: sourceLocation)
        #expect(request.header("Authorization") == "Bearer access-1", sourceLocation: sourceLocation)
        if let json {
            #expect(request.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
            #expect(try JSONValue(request.body) == json, sourceLocation: sourceLocation)
        } else {
            #expect(request.body == nil && request.header("Content-Type") == nil, sourceLocation: sourceLocation)
        }
    }

    @Test func openingPostsTheSubjectAndTextAndTellsNewFromFound() async throws {
        let answer = ConversationSamples.json(ConversationSamples.conversation)
        let (request, opened) = try await sent(201, answer) { try await $0.open(about: .init(app: "market", id: "7"), text: "아직 있나요?") }
        try expect(request, .post, "/api/conversations", json: ["about": ["app": "market", "id": "7"], "text": "아직 있나요?"])
        #expect(opened == .init(conversation: ConversationSamples.conversation, created: true))
        #expect(try await sent(200, answer) { try await $0.open(about: .init(app: "market", id: "7"), text: "또 왔어요") }.result.created == false)
    }

    @Test func readingCallsSendTheirPathsAndOnlyThePagingGiven() async throws {
        let inbox = Conversations.Inbox(conversations: [ConversationSamples.conversation], nextBefore: 12)
        var (request, _) = try await sent(200, ConversationSamples.json(inbox)) { try await $0.inbox() }
        try expect(request, .get, "/api/conversations")
        let (paged, read) = try await sent(200, ConversationSamples.json(inbox)) { try await $0.inbox(before: 12, limit: 5) }
        try expect(paged, .get, "/api/conversations", query: ["before=12", "limit=5"])
        #expect(read == inbox)

        (request, _) = try await sent(200, ConversationSamples.json(ConversationSamples.conversation)) { try await $0.conversation(id: "c1") }
        try expect(request, .get, "/api/conversations/c1")

        let page = Conversations.MessagePage(messages: [ConversationSamples.message], nextBefore: nil)
        let (messages, answered) = try await sent(200, Data(#"{"messages":[{"id":41,"conversation_id":"c1","sender_id":"buyer","text":"아직 있나요?","sent_at":"2026-01-01T00:00:00.000Z"}]}"#.utf8)) {
            try await $0.messages(in: "c1", before: 42)
        }
        try expect(messages, .get, "/api/conversations/c1/messages", query: ["before=42"])
        #expect(answered == page, "an absent photo or cursor reads as nil, as a null does")

        (request, _) = try await sent(200, Data(#"{"messages":3,"notifications":1}"#.utf8)) { try await $0.unread() }
        try expect(request, .get, "/api/unread")
    }

    @Test func textIsJSONAndAPhotoIsAMultipartForm() async throws {
        let stored = ConversationSamples.json(ConversationSamples.message)
        let (text, message) = try await sent(201, stored) { try await $0.send("안녕 & \"hi\"", in: "c1") }
        try expect(text, .post, "/api/conversations/c1/messages", json: ["text": "안녕 & \"hi\""])
        #expect(message == ConversationSamples.message)

        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        let (photo, _) = try await sent(201, stored) { try await $0.send(photo: ImageUpload(filename: "chair.jpg", data: jpeg), text: "이거요", in: "c1") }
        #expect(photo.method == .post && photo.url.path == "/api/conversations/c1/messages")
        #expect(photo.header("Authorization") == "Bearer access-1")
        #expect(photo.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(SentPart.parts(of: photo) == [
            SentPart(name: "photo", filename: "chair.jpg", contentType: "image/jpeg", body: jpeg),
            SentPart(name: "text", filename: nil, contentType: nil, body: Data("이거요".utf8)),
        ])
        let (bare, _) = try await sent(201, stored) { try await $0.send(photo: ImageUpload(filename: "a.png", contentType: "image/png", data: jpeg), in: "c1") }
        #expect(SentPart.parts(of: bare).map(\.name) == ["photo"], "no empty text part")
    }

    @Test func readReportAndBlocksSendTheirBodies() async throws {
        var (request, _) = try await sent(200, Data(#"{"conversation_id":"c1","reader_id":"buyer","read_up_to":41}"#.utf8)) { try await $0.markRead("c1") }
        try expect(request, .post, "/api/conversations/c1/read")

        let report = try await sent(200, Data(#"{"filed":true}"#.utf8)) { try await $0.report("c1", reason: "spam", note: "광고") }
        try expect(report.request, .post, "/api/conversations/c1/report", json: ["reason": "spam", "note": "광고"])
        #expect(report.result.filed)
        (request, _) = try await sent(200, Data(#"{"filed":false}"#.utf8)) { try await $0.report("c1", reason: "fraud") }
        try expect(request, .post, "/api/conversations/c1/report", json: ["reason": "fraud"])

        let block = try await sent(200, Data(#"{"account":"seller","blocked":true}"#.utf8)) { try await $0.block("seller") }
        try expect(block.request, .post, "/api/blocks", json: ["account": "seller"])
        #expect(block.result == .init(account: "seller", blocked: true))
        (request, _) = try await sent(200, Data(#"{"account":"seller","blocked":false}"#.utf8)) { try await $0.unblock("seller") }
        try expect(request, .delete, "/api/blocks/seller")
    }

    @Test func refusalsCarryTheServersReason() async throws {
        await #expect(throws: SproutError.http(status: 403, code: .forbidden, message: "One of you blocked the other.")) {
            try await sent(403, Data(#"{"error":true,"reason":"One of you blocked the other."}"#.utf8)) { try await $0.send("hi", in: "c1") }
        }
        await #expect(throws: SproutError.notSignedIn) {
            try await ConversationsClient(baseURL: Self.base, transport: TestTransport { _ in HTTPResponse(status: 200) }).inbox()
        }
    }

    @Test func anExpiredTokenIsRefreshedOnceAndTheOpenRetriedKeepingItsStatus() async throws {
        let transport = TestTransport { request in
            if request.url.path == "/api/auth/refresh" {
                return HTTPResponse(status: 200, body: Data(#"{"accessToken":"access-2","refreshToken":"refresh-2"}"#.utf8))
            }
            guard request.header("Authorization") == "Bearer access-2" else { return HTTPResponse(status: 419, body: Data(#"{"error":true,"reason":"expired"}"#.utf8)) }
            return HTTPResponse(status: 201, body: ConversationSamples.json(ConversationSamples.conversation))
        }
        let session = AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1"))
        let client = ConversationsClient(baseURL: Self.base, transport: transport, session: session)
        let opened = try await client.open(about: .init(app: "market", id: "7"), text: "hi")
        #expect(opened.created)
        #expect(transport.requests.map(\.url.path) == ["/api/conversations", "/api/auth/refresh", "/api/conversations"])
        #expect(transport.requests[1].header("Refresh") == "refresh-1")
        #expect(transport.requests[2].body == transport.requests[0].body)
        #expect(await session.tokens == AuthTokens(accessToken: "access-2", refreshToken: "refresh-2"))
    }

    @Test func notificationCallsSendTheirRequests() async throws {
        let item = Notifications.Item(id: 9, app: "market", kind: "message", text: "Seller님의 메시지: 네", link: "/inbox/c1", read: false,
                                      createdAt: "2026-01-01T00:00:00Z")
        let (page, read) = try await notification(200, ConversationSamples.json(Notifications.Page(notifications: [item], nextBefore: 9))) {
            try await $0.notifications(before: 10, limit: 1)
        }
        try expect(page, .get, "/api/notifications", query: ["before=10", "limit=1"])
        #expect(read.notifications == [item] && read.nextBefore == 9)

        var (request, _) = try await notification(200, Data(#"{"unread_count":0}"#.utf8)) { try await $0.markRead() }
        try expect(request, .post, "/api/notifications/read", json: [:])
        let upTo = try await notification(200, Data(#"{"unread_count":2}"#.utf8)) { try await $0.markRead(upTo: 9) }
        try expect(upTo.request, .post, "/api/notifications/read", json: ["up_to": 9])
        #expect(upTo.result.unreadCount == 2)

        let settings = Data(#"{"kinds":[{"kind":"message","enabled":false}]}"#.utf8)
        (request, _) = try await notification(200, settings) { try await $0.settings() }
        try expect(request, .get, "/api/notifications/settings")
        let changed = try await notification(200, settings) { try await $0.update(.init(kind: "message", enabled: false)) }
        try expect(changed.request, .put, "/api/notifications/settings", json: ["kind": "message", "enabled": false])
        #expect(changed.result.kinds == [.init(kind: "message", enabled: false)])

        (request, _) = try await notification(200, Data(#"{"messages":0,"notifications":4}"#.utf8)) { try await $0.unread() }
        try expect(request, .get, "/api/unread")
    }

    @Test func aDeviceRegistersAndForgetsItsFCMToken() async throws {
        let registered = try await notification(201, Data(#"{"id":3,"kind":"fcm"}"#.utf8)) { try await $0.registerDevice(fcmToken: "fcm:abc") }
        try expect(registered.request, .post, "/api/push/subscriptions", json: ["fcm_token": "fcm:abc"])
        #expect(registered.result == Push.Subscription(id: 3, kind: "fcm"))
        let forgotten = try await notification(204, Data()) { try await $0.unregisterDevice(fcmToken: "fcm:abc") }
        try expect(forgotten.request, .delete, "/api/push/subscriptions", json: ["fcm_token": "fcm:abc"])
        await #expect(throws: (any Error).self) { _ = try await notification(400, Data(#"{"error":true,"reason":"fcm_token must be 1 to 4,096 printable characters."}"#.utf8)) {
            try await $0.registerDevice(fcmToken: "two words")
        } }
    }
}
