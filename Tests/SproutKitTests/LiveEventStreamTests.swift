import Foundation
import SproutAPI
import SproutKit
import Synchronization
import Testing

/// `LiveEventStream` against a scripted server: the request it makes, the events it hands out,
/// and how it reconnects and refreshes. Pauses are recorded, never slept.
@Suite(.timeLimit(.minutes(1))) struct LiveEventStreamTests {
    static let base = URL(string: "http://sprout.test")!
    static let receipt = #"{"conversation_id":"c1","reader_id":"seller","read_up_to":41}"#
    static var messageData: String {
        String(decoding: try! JSONEncoder().encode(LiveEvents.MessageEvent(conversation: ConversationSamples.conversation, message: ConversationSamples.message)), as: UTF8.self)
    }

    struct Harness {
        let server: ScriptedEventServer
        let pauses: RecordedPauses
        let refreshes: TestTransport
        let session: AuthSession
        let stream: LiveEventStream

        init(refreshStatus: Int = 200) {
            let refreshes = TestTransport { _ in
                refreshStatus == 200
                    ? HTTPResponse(status: 200, body: Data(#"{"accessToken":"access-2","refreshToken":"refresh-2"}"#.utf8))
                    : HTTPResponse(status: refreshStatus, body: Data(#"{"error":true,"reason":"no"}"#.utf8))
            }
            self.refreshes = refreshes
            session = AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1"))
            let (server, pauses) = (ScriptedEventServer(), RecordedPauses())
            (self.server, self.pauses) = (server, pauses)
            stream = LiveEventStream(baseURL: LiveEventStreamTests.base, session: session, transport: refreshes, connector: server) { duration in
                await pauses.record(duration)
            }
        }
    }

    @Test func eventsArriveTypedWithTheirIdsAndTheRestIsSkipped() async throws {
        let harness = Harness()
        var updates = await harness.stream.events().makeAsyncIterator()
        await harness.stream.connect()
        let connection = await harness.server.nextConnection()
        #expect(connection.request.method == .get && connection.request.url.absoluteString == "http://sprout.test/api/events")
        #expect(connection.request.header("Authorization") == "Bearer access-1")
        #expect(connection.request.header("Accept") == "text/event-stream")
        #expect(connection.request.header("Last-Event-ID") == nil, "a first connection starts from now")

        await connection.answer()
        connection.send("retry: 3000\n\n: keep-alive\n\nid: 5\nevent: message\ndata: \(Self.messageData)\n\n")
        connection.send("id: 6\nevent: typing\ndata: {}\n\nid: 7\nevent: read\ndata: {\"conversation_id\"")
        connection.send(":\"c1\",\"reader_id\":\"seller\",\"read_up_to\":41}\r\n\r\nid: 8\nevent: notification\ndata: {\"id\": 1}\n\n")
        #expect(await updates.next() == .connected(resumed: false))
        #expect(await updates.next() == .event(id: "5", .message(.init(conversation: ConversationSamples.conversation, message: ConversationSamples.message))))
        #expect(await updates.next() == .event(id: "7", .read(.init(conversationID: "c1", readerID: "seller", readUpTo: 41))),
                "an unknown event name is skipped; a data line cut between chunks is whole")
        await harness.stream.disconnect()
        #expect(await updates.next() == .disconnected, "the notification with unreadable data is skipped too")
        #expect(await harness.stream.lastEventID == "8", "skipped events still move the id, so they are not replayed")
        try await connection.waitUntilClosed()
    }

    @Test func aDropReconnectsAfterTheServersRetryWithTheLastEventIDAndBacksOffOnFailures() async throws {
        let harness = Harness()
        var updates = await harness.stream.events().makeAsyncIterator()
        await harness.stream.connect()
        let first = await harness.server.nextConnection()
        await first.answer()
        first.send("retry: 1500\nid: 41\nevent: read\ndata: \(Self.receipt)\n\nid: 42\nevent: typing\ndata: {}\n\nid: 43\nevent: read\ndata: {\"half")
        #expect(await updates.next() == .connected(resumed: false))
        #expect(await updates.next() == .event(id: "41", .read(.init(conversationID: "c1", readerID: "seller", readUpTo: 41))))
        first.drop()
        #expect(await updates.next() == .disconnected)

        let second = await harness.server.nextConnection()
        #expect(second.request.header("Last-Event-ID") == "42", "the last event received; the half one never was")
        await second.answer(status: 503)
        let third = await harness.server.nextConnection()
        #expect(third.request.header("Last-Event-ID") == "42")
        third.fail()
        let fourth = await harness.server.nextConnection()
        await fourth.answer()
        #expect(await updates.next() == .connected(resumed: true))
        fourth.send("id: 44\nevent: read\ndata: \(Self.receipt)\n\n")
        #expect(await updates.next() == .event(id: "44", .read(.init(conversationID: "c1", readerID: "seller", readUpTo: 41))))
        #expect(await harness.pauses.durations == [.milliseconds(1500), .milliseconds(3000), .milliseconds(6000)],
                "the server's retry after a drop, doubling after each failed attempt")
        await harness.stream.disconnect()
        #expect(LiveEventStream.delay(retry: .seconds(3), failures: 30) == .seconds(60))
    }

    @Test func anExpiredTokenIsRefreshedAndTriedAgainAtOnce() async throws {
        let harness = Harness()
        var updates = await harness.stream.events().makeAsyncIterator()
        await harness.stream.connect()
        let expired = await harness.server.nextConnection()
        await expired.answer(status: 419, body: #"{"error":true,"reason":"The access token has expired; refresh it."}"#)
        let fresh = await harness.server.nextConnection()
        #expect(fresh.request.header("Authorization") == "Bearer access-2")
        #expect(harness.refreshes.requests.map(\.url.path) == ["/api/auth/refresh"])
        #expect(harness.refreshes.requests.first?.header("Refresh") == "refresh-1")
        await fresh.answer()
        #expect(await updates.next() == .connected(resumed: false))
        #expect(await harness.pauses.durations.isEmpty, "no waiting for a refresh")
        await harness.stream.disconnect()
    }

    @Test func aRefusedRefreshOrTokenStopsTheStream() async throws {
        let harness = Harness(refreshStatus: 401)
        var updates = await harness.stream.events().makeAsyncIterator()
        await harness.stream.connect()
        await (await harness.server.nextConnection()).answer(status: 419)
        #expect(await updates.next() == .stopped(.sessionExpired))
        #expect(await harness.session.tokens == nil)

        let refused = Harness()
        var refusedUpdates = await refused.stream.events().makeAsyncIterator()
        await refused.stream.connect()
        await (await refused.server.nextConnection()).answer(status: 401, body: #"{"error":true,"reason":"A valid access token is required."}"#)
        #expect(await refusedUpdates.next() == .stopped(.http(status: 401, code: .unauthorized, message: "A valid access token is required.")))
        #expect(await refused.pauses.durations.isEmpty)
        #expect(await refused.server.connections == 1, "no reconnecting after a stop")

        let notAStream = Harness()
        var notAStreamUpdates = await notAStream.stream.events().makeAsyncIterator()
        await notAStream.stream.connect()
        await (await notAStream.server.nextConnection()).answer(contentType: "text/html")
        #expect(await notAStreamUpdates.next() == .stopped(.http(status: 200, code: .other(200), message: "not an event stream")))
    }

    @Test func aStreamKeptFromBeforeResumesAndARefusedIDStartsOver() async throws {
        let server = ScriptedEventServer()
        let stream = LiveEventStream(baseURL: Self.base, session: AuthSession(tokens: AuthTokens(accessToken: "a", refreshToken: "r")),
                                     connector: server, lastEventID: "17") { _ in }
        var updates = await stream.events().makeAsyncIterator()
        await stream.connect()
        let resumed = await server.nextConnection()
        #expect(resumed.request.header("Last-Event-ID") == "17")
        await resumed.answer(status: 400)
        let fresh = await server.nextConnection()
        #expect(fresh.request.header("Last-Event-ID") == nil)
        await fresh.answer()
        #expect(await updates.next() == .connected(resumed: false))
        await stream.disconnect()
    }
}

// MARK: - The scripted server

/// Hands the stream scripted connections and lets the test play the server's side of each.
actor ScriptedEventServer: EventSourceConnector {
    private var waiting: [CheckedContinuation<ScriptedEventConnection, Never>] = []
    private var opened: [ScriptedEventConnection] = []
    private(set) var connections = 0

    func open(_ request: HTTPRequest) async throws -> EventSourceResponse {
        let connection = ScriptedEventConnection(request: request)
        connections += 1
        if waiting.isEmpty { opened.append(connection) } else { waiting.removeFirst().resume(returning: connection) }
        return try await connection.response()
    }

    /// The next connection the stream opens, waiting for it.
    func nextConnection() async -> ScriptedEventConnection {
        if !opened.isEmpty { return opened.removeFirst() }
        return await withCheckedContinuation { waiting.append($0) }
    }
}

final class ScriptedEventConnection: Sendable {
    let request: HTTPRequest
    private let head = Mutex<(waiting: CheckedContinuation<EventSourceResponse, any Error>?, answer: Result<EventSourceResponse, any Error>?)>((nil, nil))
    private let body: Mutex<AsyncThrowingStream<Data, any Error>?>
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation
    private let closed = Flag()

    init(request: HTTPRequest) {
        self.request = request
        let (body, chunks) = AsyncThrowingStream<Data, any Error>.makeStream()
        self.body = Mutex(body)
        self.chunks = chunks
        chunks.onTermination = { [closed] _ in closed.raise() }
    }

    func response() async throws -> EventSourceResponse {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<EventSourceResponse, any Error>? = head.withLock { head in
                if let answer = head.answer { return answer }
                head.waiting = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Answers the head; an error status's `body` is sent and the response ends.
    func answer(status: Int = 200, contentType: String = "text/event-stream; charset=utf-8", body text: String = "") async {
        guard let stream = body.withLock({ $0.take() }) else { return }
        let response = EventSourceResponse(status: status, headers: ["content-type": contentType], body: stream)
        if status != 200 {
            send(text)
            chunks.finish()
        }
        let waiting = head.withLock { head in
            head.answer = .success(response)
            return head.waiting.take()
        }
        waiting?.resume(returning: response)
    }

    /// The connection fails before any answer.
    func fail() {
        let waiting = head.withLock { head in
            head.answer = .failure(SproutError.transport("connection refused"))
            return head.waiting.take()
        }
        waiting?.resume(throwing: SproutError.transport("connection refused"))
    }

    func send(_ text: String) { chunks.yield(Data(text.utf8)) }
    /// The connection breaks in the middle of the stream.
    func drop() { chunks.finish(throwing: SproutError.transport("connection reset")) }

    /// Waits (polling, at most about 10 s) until the client closed its end.
    func waitUntilClosed(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<10_000 where !closed.isRaised { try await Task.sleep(for: .milliseconds(1)) }
        #expect(closed.isRaised, "the client closed the connection", sourceLocation: sourceLocation)
    }
}

final class Flag: Sendable {
    private let value = Mutex(false)
    var isRaised: Bool { value.withLock { $0 } }
    func raise() { value.withLock { $0 = true } }
}

actor RecordedPauses {
    private(set) var durations: [Duration] = []
    func record(_ duration: Duration) { durations.append(duration) }
}
