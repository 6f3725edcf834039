import Foundation
@testable import SproutKit
import SproutAPI
import Testing

/// The Socket.IO client's side of the protocol, against scripted server packets. The same client
/// talks to the real server in `SproutLiveTests`.
@Suite struct StudySocketTests {
    @Test func packetsAreReadAsEngineIOAndSocketIODefine() throws {
        guard case let .open(interval, timeout) = SocketIOPacket(#"0{"sid":"a","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#) else {
            Issue.record("open")
            return
        }
        #expect(interval == .seconds(25) && timeout == .seconds(20))
        #expect(SocketIOPacket("2").isPing)
        #expect(SocketIOPacket(#"40{"sid":"b"}"#).isConnect)
        guard case let .event(name, arguments) = SocketIOPacket(#"4212["chat",{"chat":"안녕"}]"#) else {
            Issue.record("an event with an acknowledgement id")
            return
        }
        #expect(name == "chat" && (arguments.first as? [String: String])?["chat"] == "안녕")
        for ignored in [#"42/admin,["chat",{}]"#, "42[1,2]", "42not json", "6", "", #"0{"pingInterval":-1,"pingTimeout":5}"#, "40"] where ignored != "40" {
            #expect(SocketIOPacket(ignored).isOther, "\(ignored)")
        }
        #expect(try SocketIOPacket.event("changesocketid", ["uid-1"]) == #"42["changesocketid","uid-1"]"#)
    }

    @Test func aSocketProvesWhoItIsAnswersPingsAndDeliversChats() async throws {
        let server = ScriptedServer()
        let socket = StudySocket(baseURL: URL(string: "https://study.example/")!, connector: server, pause: { _ in try await Task.sleep(for: .seconds(3600)) }) { _ in "token-me" }
        let events = await socket.events()
        await socket.connect()
        let connection = try await server.nextConnection()
        #expect(connection.url.absoluteString == "wss://study.example/socket.io/?EIO=4&transport=websocket")
        await connection.serve(#"0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000}"#)
        #expect(await connection.nextSent() == #"40{"idtoken":"token-me"}"#)
        await connection.serve(#"40{"sid":"n1"}"#)
        await connection.serve("2")
        #expect(await connection.nextSent() == "3")
        await connection.serve(#"42["chat",{"_id":"c1","__v":"0","to":"uid-me","from":"uid-2","chat":"안녕하세요","createdAt":"2022-12-04T09:37:29.029Z"}]"#)
        await connection.serve(#"42["queueState",{"matched":1}]"#)

        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .connected)
        #expect(await iterator.next() == .chat(Study.Chat(id: "c1", to: "uid-me", from: "uid-2", chat: "안녕하세요", createdAt: "2022-12-04T09:37:29.029Z")))
        #expect(await iterator.next() == .other(name: "queueState", arguments: #"[{"matched":1}]"#))
        await socket.disconnect()
        #expect(await iterator.next() == .disconnected)
        #expect(await connection.isClosed)
    }

    @Test func aDroppedOrSilentServerIsReconnectedWithGrowingPauses() async throws {
        let server = ScriptedServer()
        let pauses = PauseLog()
        let silence = Silence()
        let socket = StudySocket(baseURL: URL(string: "http://127.0.0.1:8080")!, connector: server, pause: { duration in
            // The ping timeout (25 s + 20 s) elapses once the test says the server fell silent
            // (polled, so a cancelled wait ends); reconnect pauses are only recorded.
            if duration == .seconds(45) {
                while await !silence.isOpen { try await Task.sleep(for: .milliseconds(1)) }
                return
            }
            await pauses.record(duration)
        }, idToken: { _ in "token-me" })
        let events = await socket.events()
        await socket.connect()
        var iterator = events.makeAsyncIterator()

        let first = try await server.nextConnection()
        await first.serve(#"0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000}"#)
        #expect(await first.nextSent() == #"40{"idtoken":"token-me"}"#)
        await first.serve(#"40{"sid":"n1"}"#)
        #expect(await iterator.next() == .connected)
        await silence.open()
        // Silent past pingInterval + pingTimeout: closed, then a reconnect after ½ s.
        #expect(await iterator.next() == .disconnected)
        #expect(await first.isClosed)

        let second = try await server.nextConnection()
        await second.serve("1")
        let third = try await server.nextConnection()
        await third.finish()
        _ = try await server.nextConnection()
        #expect(await pauses.durations == [.milliseconds(500), .seconds(1), .seconds(2)], "a connection that never bound counts as a failure")
        await socket.disconnect()
        #expect(StudySocket.backoff(afterFailures: 10) == .seconds(30))
    }

    @Test func aRefusedTokenIsReplacedBeforeTheNextTry() async throws {
        let server = ScriptedServer()
        let asked = TokenAsks()
        let socket = StudySocket(baseURL: URL(string: "http://127.0.0.1:8080")!, connector: server, pause: { _ in }) { afterRefusal in
            await asked.record(afterRefusal)
            return afterRefusal ? "fresh" : "stale"
        }
        let events = await socket.events()
        await socket.connect()
        let first = try await server.nextConnection()
        await first.serve(#"0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000}"#)
        #expect(await first.nextSent() == #"40{"idtoken":"stale"}"#)
        await first.serve(#"44{"message":"invalid idtoken"}"#)
        let second = try await server.nextConnection()
        await second.serve(#"0{"sid":"s2","upgrades":[],"pingInterval":25000,"pingTimeout":20000}"#)
        #expect(await second.nextSent() == #"40{"idtoken":"fresh"}"#)
        await second.serve(#"40{"sid":"n2"}"#)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .connected)
        #expect(await asked.afterRefusal == [false, true], "a fresh token only after the refusal")
        await socket.disconnect()
    }

    @Test func theChatLogHoldsEachMessageOnceInTheServersOrder() {
        func chat(_ id: String, _ at: String) -> Study.Chat { Study.Chat(id: id, to: "a", from: "b", chat: id, createdAt: at) }
        var log = StudyChatLog()
        #expect(log.newest == Study.everyChat)
        log.merge([chat("1", "2022-12-04T09:00:00.000Z"), chat("3", "2022-12-04T09:00:01.000Z")])
        let fresh = log.merge([chat("3", "2022-12-04T09:00:01.000Z"), chat("2", "2022-12-04T09:00:00.000Z"), chat("0", "2022-12-04T08:59:59.999Z")])
        #expect(fresh.map(\.id) == ["2", "0"])
        #expect(log.messages.map(\.id) == ["0", "1", "2", "3"], "same millisecond: arrival order")
        #expect(log.newest == "2022-12-04T09:00:01.000Z")
    }
}

private extension SocketIOPacket {
    var isPing: Bool { if case .ping = self { true } else { false } }
    var isConnect: Bool { if case .connect = self { true } else { false } }
    var isOther: Bool { if case .other = self { true } else { false } }
}

/// Hands the socket scripted connections and lets the test play the server's side.
private actor ScriptedServer: WebSocketConnector {
    private let opened = Mailbox<ScriptedConnection>()

    func connect(to url: URL) async throws -> any WebSocketConnection {
        let connection = ScriptedConnection(url: url)
        await opened.put(connection)
        return connection
    }

    func nextConnection() async throws -> ScriptedConnection {
        try #require(await opened.take())
    }
}

private final class ScriptedConnection: WebSocketConnection {
    let url: URL
    private let incoming = Mailbox<String>()
    private let outgoing = Mailbox<String>()

    init(url: URL) {
        self.url = url
    }

    func serve(_ text: String) async { await incoming.put(text) }
    func finish() async { await incoming.finish() }
    func nextSent() async -> String? { await outgoing.take() }
    var isClosed: Bool { get async { await incoming.isFinished } }

    func send(_ text: String) async throws { await outgoing.put(text) }
    func receive() async throws -> String? { await incoming.take() }
    func close() async { await incoming.finish() }
}

/// A queue one side puts into and the other takes from, waiting while it is empty.
private actor Mailbox<Item: Sendable> {
    private var items: [Item] = []
    private var waiting: CheckedContinuation<Item?, Never>?
    private(set) var isFinished = false

    func put(_ item: Item) {
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: item)
        } else {
            items.append(item)
        }
    }

    func take() async -> Item? {
        if !items.isEmpty { return items.removeFirst() }
        if isFinished { return nil }
        return await withCheckedContinuation { waiting = $0 }
    }

    func finish() {
        isFinished = true
        waiting?.resume(returning: nil)
        waiting = nil
    }
}

private actor PauseLog {
    private(set) var durations: [Duration] = []
    func record(_ duration: Duration) { durations.append(duration) }
}

/// Whether each connect asked for its ID token after a refusal.
private actor TokenAsks {
    private(set) var afterRefusal: [Bool] = []
    func record(_ refused: Bool) { afterRefusal.append(refused) }
}

/// Opened by the test when the scripted server should fall silent.
private actor Silence {
    private(set) var isOpen = false
    func open() { isOpen = true }
}
