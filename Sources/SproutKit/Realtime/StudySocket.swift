import Foundation
import SproutAPI

/// SeSAC Study's realtime channel (spec §4, "Socket.IO"): a Socket.IO 4 client on the default
/// namespace over an Engine.IO 4 websocket, as the apps' socket.io-client-swift with
/// `forceWebsockets(true)`. Written here because no Socket.IO client runs on Foundation alone
/// (the apps' one needs Starscream), and SproutKit stays on Foundation.
///
/// `connect()` keeps the socket up until `disconnect()`: it proves who it is with the phone
/// sign-in's ID token in the connect packet's auth on every connect (the server then binds it to
/// that account; a refused token is refreshed before the next try), answers the server's pings, gives up on a server silent for longer than the
/// handshake allows, and reconnects after a drop, waiting longer after each failure (½ s doubling
/// to 30 s). Messages are sent through `StudyClient.sendChat`, never on the socket.
public actor StudySocket {
    public enum Event: Sendable, Equatable {
        /// Connected and bound to the signed-in account: from now on `chat` events arrive.
        case connected
        /// The connection dropped or closed; unless `disconnect()` was called, a reconnect follows.
        case disconnected
        /// A message for me.
        case chat(Study.Chat)
        /// Any other event the server emits, with its arguments as JSON text.
        case other(name: String, arguments: String)
    }

    /// Waiting between reconnects: ½ s, doubling, at most 30 s.
    static func backoff(afterFailures failures: Int) -> Duration {
        min(.milliseconds(500 << min(failures, 6)), .seconds(30))
    }

    /// The ID token to connect with; `afterRefusal` when the server refused the last one (past
    /// its hour), so a fresh one is wanted.
    public typealias IDTokenSource = @Sendable (_ afterRefusal: Bool) async throws -> String

    let url: URL
    let idToken: IDTokenSource
    let connector: any WebSocketConnector
    let pause: @Sendable (Duration) async throws -> Void
    private var loop: Task<Void, Never>?
    /// The open connection, so `disconnect()` can close it under a pending receive.
    private var current: (any WebSocketConnection)?
    private var continuations: [UUID: AsyncStream<Event>.Continuation] = [:]
    private var wasRefused = false

    /// - Parameters:
    ///   - baseURL: the server root (`http://…` becomes `ws://…/socket.io/`).
    ///   - idToken: the signed-in person's ID token (`StudyClient.chatSocket` reads its session's).
    ///   - pause: how waiting is done (`Task.sleep`); tests pass their own.
    public init(
        baseURL: URL, connector: any WebSocketConnector = URLSessionWebSocketConnector(),
        pause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        idToken: @escaping IDTokenSource
    ) {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.scheme = components.scheme == "https" ? "wss" : "ws"
        // Socket.IO clients ask for the endpoint with a trailing slash.
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + "/" + ServerRoutes.socketIO.path + "/"
        components.queryItems = [URLQueryItem(name: "EIO", value: "4"), URLQueryItem(name: "transport", value: "websocket")]
        url = components.url ?? baseURL
        self.idToken = idToken
        self.connector = connector
        self.pause = pause
    }

    /// A stream of the socket's events; each call returns a new stream.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(id) }
        }
        return stream
    }

    /// Connects, and keeps reconnecting after drops until `disconnect()`.
    public func connect() {
        guard loop == nil else { return }
        loop = Task { await self.keepConnected() }
    }

    /// Closes the socket and stops reconnecting (leaving the chat screen).
    public func disconnect() async {
        loop?.cancel()
        loop = nil
        await current?.close()
        current = nil
    }

    private func keepConnected() async {
        var failures = 0
        while !Task.isCancelled {
            var wasConnected = false
            if let connection = try? await connector.connect(to: url) {
                guard !Task.isCancelled else {
                    // `disconnect()` came while this connection was being opened.
                    await connection.close()
                    return
                }
                current = connection
                do {
                    try await session(on: connection) {
                        wasConnected = true
                        failures = 0
                    }
                } catch {}
                await connection.close()
                current = nil
            }
            if wasConnected { emit(.disconnected) }
            guard !Task.isCancelled else { return }
            failures += 1
            do { try await pause(Self.backoff(afterFailures: failures - 1)) } catch { return }
        }
    }

    /// One connection, from the handshake until it closes or falls silent.
    private func session(on connection: any WebSocketConnection, connected: () -> Void) async throws {
        guard let first = try await connection.receive(), case let .open(pingInterval, pingTimeout) = SocketIOPacket(first) else {
            throw SocketClosed()
        }
        let token = try await idToken(wasRefused)
        try await connection.send(try SocketIOPacket.connectRequest(idToken: token))
        while true {
            guard let text = try await receive(from: connection, within: pingInterval + pingTimeout) else { return }
            switch SocketIOPacket(text) {
            case .ping:
                try await connection.send(SocketIOPacket.pong)
            case .connect:
                wasRefused = false
                connected()
                emit(.connected)
            case .connectError:
                wasRefused = true
                return
            case let .event(name, arguments):
                emit(Self.event(name, arguments))
            case .close, .disconnect:
                return
            case .open, .other:
                continue
            }
        }
    }

    private static func event(_ name: String, _ arguments: [Any]) -> Event {
        let json = (try? JSONSerialization.data(withJSONObject: arguments)) ?? Data("[]".utf8)
        if name == "chat", let object = arguments.first, JSONSerialization.isValidJSONObject(object),
           let data = try? JSONSerialization.data(withJSONObject: object),
           let chat = try? JSONDecoder().decode(Study.Chat.self, from: data) {
            return .chat(chat)
        }
        return .other(name: name, arguments: String(decoding: json, as: UTF8.self))
    }

    /// The next message, or `SocketClosed` when the server said nothing for `timeout` (it pings
    /// every `pingInterval` and a live server is never silent longer than that plus `pingTimeout`).
    /// A silent connection is closed, which ends the receive waiting on it.
    private func receive(from connection: any WebSocketConnection, within timeout: Duration) async throws -> String? {
        let pause = pause
        return try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { try await connection.receive() }
            group.addTask {
                try await pause(timeout)
                await connection.close()
                throw SocketClosed()
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    private struct SocketClosed: Error {}

    private func emit(_ event: Event) {
        for continuation in continuations.values { continuation.yield(event) }
    }

    private func removeContinuation(_ id: UUID) {
        continuations[id] = nil
    }
}
