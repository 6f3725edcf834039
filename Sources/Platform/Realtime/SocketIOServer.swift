import Fluent
import Foundation
import OpenAPIDocuments
import PlatformCore
import SproutAPI
import Vapor

/// Sprout's Socket.IO endpoint, `/socket.io/` at the root as every published client expects it:
/// Engine.IO 4 and Socket.IO namespaces, each served by a module (`SocketNamespace`): the
/// study's default namespace, the lessons contract's chat rooms. No Swift server library speaks
/// Socket.IO, so it is written here on Vapor's WebSocket and plain HTTP from the protocol's
/// documents (https://socket.io/docs/v4/engine-io-protocol/).
///
/// Two transports: a websocket from the start, as the apps' socket.io-client-swift with
/// `forceWebsockets(true)` connects; and HTTP long-polling (`GET` waits for packets, `POST`
/// carries the client's), which browsers and other clients start with and then upgrade to a
/// websocket (`2probe`/`3probe`, then `5`). The server pings every `pingInterval` and closes a
/// session that left a ping unanswered until the next, as a Socket.IO server does.
///
/// Who a session is: a client may prove it (an `idtoken` header on the opening request, an
/// `idtoken` or `token` in a connect packet's auth, which may be a phone ID token or an access
/// token, or the web app's session cookie from a page of this site), and the session carries
/// that account to every namespace it joins; a connect packet with a bad token is refused (`44`).
/// What a session without proof may do is each namespace's rule. A session ends when the access
/// it rests on does (`LiveAccessWatch`): its account disabled, the session it was proven with
/// ended.
public final class SocketIOServer: ModuleService, Sendable {
    static let maxPayload = 64 * 1024
    /// Separates packets in one polling body (Engine.IO 4's record separator).
    static let separator: Character = "\u{1e}"
    /// The header the study apps send their ID token in.
    static let tokenHeader = "idtoken"

    public let name = "socket.io"
    public let namespaces = SocketNamespaces()
    let sessions: SocketSessions
    let phoneSignIn: PhoneSignIn
    let tokens: TokenService
    /// Ends a session when the access it rests on ends.
    let access: LiveAccessWatch
    let ids: IdentifierGenerator
    let pingInterval: Duration
    let pingTimeout: Duration

    /// Admits sessions, with the event streams, by client address and in all.
    let connections: LiveConnections
    /// What every session id starts with: this instance's name and a dot, so that a balancer in
    /// front of several routes each request of a session to the instance that holds it.
    let sidPrefix: String

    init(phoneSignIn: PhoneSignIn, tokens: TokenService, access: LiveAccessWatch, connections: LiveConnections, ids: IdentifierGenerator, pingInterval: Duration,
         pingTimeout: Duration = .seconds(20), instanceName: String? = nil) {
        sidPrefix = instanceName.map { $0 + "." } ?? ""
        self.phoneSignIn = phoneSignIn
        self.tokens = tokens
        self.access = access
        self.connections = connections
        self.ids = ids
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        sessions = SocketSessions()
    }

    public func start(on application: Application) async throws {}

    /// Closes every session: the server is going away, and an open websocket or a waiting poll
    /// would hold its shutdown until the connection timed out. Clients reconnect to the next
    /// instance.
    public func stop() async {
        for session in await sessions.takeAll() { await session.close() }
    }

    public func register(on routes: DocumentedRoutes) {
        routes.onResponse(ServerRoutes.socketIO, doc: APIOperation(
            "Socket.IO (Engine.IO 4): a websocket, or a long poll",
            description: "Query `EIO=4&transport=websocket` (a new session, or `&sid=` to upgrade a polling one) or `EIO=4&transport=polling` (the handshake, then `&sid=` to wait for packets). Namespaces: the study's default one (client event `changesocketid` with my own uid as `GET /v1/user` answers it, or a credential: the `idtoken` header, or `{\"idtoken\": …}` as the connect packet's auth; server events `chat`, a Chat object whose fields are strings, and `queueState`), and `/chats-{room_id}` for a lessons chat room (server event `chat`, a chat object).",
            responses: [
                101: "Switching to the websocket", 200: "Polling: the handshake, or packets separated by U+001E",
                400: "Engine.IO error {code, message}: unknown transport, session or protocol version, or overlapping polls",
            ],
            responseContent: "text/plain", errorAnswer: EngineIOError.self
        ), use: get)
        routes.onResponse(ServerRoutes.socketIOPackets, body: .collect(maxSize: ByteCount(integerLiteral: Self.maxPayload)), doc: APIOperation(
            "Socket.IO long-polling: the client's packets",
            description: "Query `EIO=4&transport=polling&sid=`; the body holds packets separated by U+001E.",
            responses: [200: "ok", 400: "Engine.IO error {code, message}"],
            responseContent: "text/plain", errorAnswer: EngineIOError.self
        ), use: post)
    }

    func get(_ req: Request) async throws -> Response {
        let query = try req.queryFields(EngineIOQuery.self)
        guard query.version == "4" else { return try Self.engineError(code: 5, "Unsupported protocol version") }
        let sid = query.sid
        switch query.transport {
        case "websocket" where req.headers[.upgrade].contains(where: { $0.lowercased() == "websocket" }):
            guard let sid else {
                let ticket: LiveConnections.Ticket
                switch connections.admit(req.clientIP) {
                case let .success(admitted): ticket = admitted
                case let .failure(refusal): return Self.refused(refusal)
                }
                let proof = await proof(req)
                return req.webSocket(maxFrameSize: WebSocketMaxFrameSize(integerLiteral: Self.maxPayload)) { req, socket in
                    await self.serveWebSocket(socket, proof: proof, ticket: ticket, req)
                }
            }
            guard let session = await sessions.session(sid), await session.isPolling else { return try Self.engineError(code: 1, "Session ID unknown") }
            // The synchronous handler: it runs before the websocket reads anything, so the client's
            // `2probe`, sent the moment the upgrade completes, finds its handler in place.
            let onUpgrade: @Sendable (Request, WebSocket) -> Void = { req, socket in self.upgrade(session, to: socket, req) }
            return req.webSocket(maxFrameSize: WebSocketMaxFrameSize(integerLiteral: Self.maxPayload), onUpgrade: onUpgrade)
        case "polling":
            guard let sid else {
                switch connections.admit(req.clientIP) {
                case let .success(ticket): return try await startPolling(ticket: ticket, req)
                case let .failure(refusal): return Self.refused(refusal)
                }
            }
            guard let session = await sessions.session(sid), await session.isPolling else { return try Self.engineError(code: 1, "Session ID unknown") }
            switch await session.poll() {
            case let .packets(packets):
                return Self.text(packets.joined(separator: String(Self.separator)))
            case .overlap:
                await end(session, req)
                return try Self.engineError(code: 3, "Bad request")
            }
        default:
            return try Self.engineError(code: 0, "Transport unknown")
        }
    }

    func post(_ req: Request) async throws -> Response {
        let query = try req.queryFields(EngineIOQuery.self)
        guard query.version == "4" else { return try Self.engineError(code: 5, "Unsupported protocol version") }
        guard query.transport == "polling" else { return try Self.engineError(code: 0, "Transport unknown") }
        guard let sid = query.sid, let session = await sessions.session(sid), await session.isPolling else {
            return try Self.engineError(code: 1, "Session ID unknown")
        }
        for packet in (req.body.string ?? "").split(separator: Self.separator) {
            await receive(String(packet), session, req)
        }
        return Self.text("ok")
    }

    private func newSession(socket: WebSocket?, proof: AccessGrant?, ticket: LiveConnections.Ticket, _ req: Request) async -> EngineSession {
        let sid = sidPrefix + ids.token(byteCount: 15)
        let session = EngineSession(sid: sid, namespaceSID: ids.token(byteCount: 15), socket: socket) { [weak self] grant in
            guard let server = self else { return }
            server.access.hold(grant, key: Self.accessKey(sid)) { Task { await server.end(sid, req) } }
        }
        if let proof { await session.prove(proof) }
        await sessions.open(session, ticket: ticket)
        return session
    }

    /// The session's key among `LiveAccessWatch`'s connections.
    private static func accessKey(_ sid: String) -> String { "socket.io " + sid }

    /// What the opening request proves, if anything: a valid `idtoken` header, or the web app's
    /// session cookie sent from a page of this site (a browser sends cookies with a websocket
    /// another site opens, so the cookie counts only with this site's `Origin`, or none).
    private func proof(_ req: Request) async -> AccessGrant? {
        if let token = req.headers.first(name: Self.tokenHeader),
           case let .valid(identity) = await phoneSignIn.check(idToken: token.trimmingWhitespace()) {
            return AccessGrant(accountID: identity.uid, session: .phone)
        }
        guard Self.isSameOrigin(req) else { return nil }
        return await req.webGrantFromCookie()
    }

    /// What a connect packet's credential grants: a phone ID token, or an access token (the
    /// lessons chat rooms' clients of Sprout's SDK). A socket outlives its access token's
    /// minutes, as the connection it was opened on would: it ends with the log-in instead.
    private func grant(ofCredential credential: String) async -> AccessGrant? {
        if case let .valid(identity) = await phoneSignIn.check(idToken: credential) {
            return AccessGrant(accountID: identity.uid, session: .phone)
        }
        guard let access = await tokens.grant(ofAccessToken: credential) else { return nil }
        return AccessGrant(accountID: access.accountID, session: access.session)
    }

    static func isSameOrigin(_ req: Request) -> Bool {
        guard let origin = req.headers.first(name: .origin) else { return true }
        guard let host = req.headers.first(name: .host), let components = URLComponents(string: origin), let originHost = components.host else {
            return false
        }
        let authority = components.port.map { "\(originHost):\($0)" } ?? originHost
        return authority.lowercased() == host.lowercased()
    }

    private func handshake(_ session: EngineSession, upgrades: [String]) -> String {
        EngineIOPacket.open(sid: session.sid, upgrades: upgrades, pingInterval: pingInterval, pingTimeout: pingTimeout, maxPayload: Self.maxPayload)
    }

    /// Protocol-level pings besides Engine.IO's: a peer that stops reading answers neither, and
    /// websocket-kit closes the connection itself when a ping goes unanswered, where a close frame
    /// alone would wait for the peer's reply forever and keep the descriptor.
    private func watch(_ socket: WebSocket) {
        socket.pingInterval = .milliseconds((pingInterval * 2).milliseconds)
    }

    private func serveWebSocket(_ socket: WebSocket, proof: AccessGrant?, ticket: LiveConnections.Ticket, _ req: Request) async {
        watch(socket)
        let session = await newSession(socket: socket, proof: proof, ticket: ticket, req)
        socket.onText { _, text in await self.receive(text, session, req) }
        socket.onClose.whenComplete { _ in Task { await self.end(session, req) } }
        await session.send(handshake(session, upgrades: []))
        await ping(session, req)
    }

    private func startPolling(ticket: LiveConnections.Ticket, _ req: Request) async throws -> Response {
        let session = await newSession(socket: nil, proof: await proof(req), ticket: ticket, req)
        Task { await self.ping(session, req) }
        return Self.text(handshake(session, upgrades: ["websocket"]))
    }

    /// A polling session moving to a websocket: the probe is answered on the websocket, and the
    /// waiting poll ends so the client can pause polling; `5` completes the move. A websocket that
    /// closes before that leaves the session polling.
    private func upgrade(_ session: EngineSession, to socket: WebSocket, _ req: Request) {
        watch(socket)
        socket.onText { socket, text in
            switch text {
            case "2probe":
                socket.send("3probe", promise: nil)
                await session.endWaitingPoll()
            case "5":
                await session.upgrade(to: socket)
            default:
                if await session.isCarried(by: socket) { await self.receive(text, session, req) }
            }
        }
        socket.onClose.whenComplete { _ in
            Task { if await session.isCarried(by: socket) { await self.end(session, req) } }
        }
    }

    /// A ping every interval; a session that left the previous one unanswered is closed. That
    /// gives a client the whole interval (at least the announced timeout) to answer.
    private func ping(_ session: EngineSession, _ req: Request) async {
        while await !session.isClosed {
            do {
                try await Task.sleep(for: pingInterval)
            } catch {
                break
            }
            if await session.isAwaitingPong {
                await end(session, req)
                break
            }
            await session.expectPong()
            await session.send(EngineIOPacket.pingText)
        }
    }

    private func receive(_ text: String, _ session: EngineSession, _ req: Request) async {
        switch EngineIOPacket(text) {
        case .pong:
            await session.pongReceived()
        case .ping:
            await session.send("3")
        case let .connect(namespace, credential):
            if let credential {
                guard let grant = await grant(ofCredential: credential) else {
                    await session.send(EngineIOPacket.connectError("invalid idtoken", namespace: namespace))
                    return
                }
                await session.prove(grant)
            }
            guard let handler = namespaces.serving(namespace), await handler.join(namespace, session, req) else {
                await session.send(EngineIOPacket.connectError("Invalid namespace", namespace: namespace))
                return
            }
            await session.joined(namespace)
            await session.send(EngineIOPacket.connected(sid: session.namespaceSID, namespace: namespace))
        case let .event(namespace, name, argument, ack):
            guard await session.namespaces.contains(namespace), let handler = namespaces.serving(namespace) else { break }
            await handler.receive(name, argument, in: namespace, from: session, req)
            if let ack { await session.send(EngineIOPacket.acknowledgement(ack, namespace: namespace)) }
        case let .disconnect(namespace):
            guard await session.namespaces.contains(namespace), let handler = namespaces.serving(namespace) else { break }
            await session.left(namespace)
            await handler.leave(namespace, session, req)
        case .close, .unsupported:
            await end(session, req)
        }
    }

    /// Ends the session `sid` if it is still open: the access it rested on has ended.
    private func end(_ sid: String, _ req: Request) async {
        guard let session = await sessions.session(sid) else { return }
        await end(session, req)
    }

    private func end(_ session: EngineSession, _ req: Request) async {
        await session.close()
        access.release(Self.accessKey(session.sid))
        guard await sessions.remove(session) else { return }
        for namespace in await session.namespaces {
            await namespaces.serving(namespace)?.leave(namespace, session, req)
        }
    }

    private static func text(_ body: String) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .plainText
        return Response(status: .ok, headers: headers, body: .init(string: body))
    }

    /// One address holds as many live connections as it may (a client reconnecting in a loop, or
    /// one opening sockets to exhaust the server's descriptors): 429; the instance holds all it
    /// may: 503. Either says when to come back.
    private static func refused(_ refusal: LiveConnections.Refusal) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .retryAfter, value: "30")
        return Response(status: refusal == .full ? .serviceUnavailable : .tooManyRequests, headers: headers)
    }

    private static func engineError(code: Int, _ message: String) throws -> Response {
        let body = try JSONEncoder().encode(EngineIOError(code: code, message: message))
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .badRequest, headers: headers, body: .init(data: body))
    }
}

/// Engine.IO's own error body (https://socket.io/docs/v4/engine-io-protocol/): a code clients
/// switch on, and its message.
struct EngineIOError: Codable, Sendable {
    let code: Int
    let message: String
}
