import Foundation
import Platform
import Vapor

/// The study server's Socket.IO endpoint (spec §4, "Socket.IO"): Engine.IO 4 over a websocket, as
/// the apps' socket.io-client-swift with `forceWebsockets(true)` connects, the default namespace,
/// and the `changesocketid` event that ties a socket to a uid. No Swift server library speaks
/// Socket.IO, so it is written here on Vapor's WebSocket from the protocol's documents.
///
/// The server pings every `pingInterval` and closes a socket that left a ping unanswered until the
/// next, as a Socket.IO server does. Long-polling is not offered: the handshake announces no
/// upgrades, and a polling request is answered as Engine.IO answers a transport it does not run.
///
/// The late-2022 clients send no credentials on the socket, so `changesocketid` is taken at its
/// word, as the original server did: whoever knows a uid can listen for the chats sent to it.
/// Uids are random and shown only to a match partner.
struct StudySocketServer: Sendable {
    static let maxPayload = 64 * 1024

    let hub: StudySocketHub
    let presence: StudyPresence
    let ids: IdentifierGenerator
    let pingInterval: Duration
    let pingTimeout: Duration

    func register(on routes: DocumentedRoutes) {
        routes.onResponse(.GET, "socket.io", doc: APIOperation(
            "Socket.IO (Engine.IO 4, websocket transport, default namespace)",
            description: "Query `EIO=4&transport=websocket`. Client event `changesocketid` with the uid; server event `chat` with a Chat object whose fields are strings.",
            responses: [101: "Switching to the websocket", 400: "Engine.IO error {code, message}: unknown transport or protocol version"],
            responseContent: "application/json"
        ), use: upgrade)
    }

    func upgrade(_ req: Request) async throws -> Response {
        guard req.query[String.self, at: "EIO"] == "4" else { return try Self.engineError(code: 5, "Unsupported protocol version") }
        guard req.query[String.self, at: "transport"] == "websocket",
              req.headers[.upgrade].contains(where: { $0.lowercased() == "websocket" })
        else { return try Self.engineError(code: 0, "Transport unknown") }
        return req.webSocket(maxFrameSize: WebSocketMaxFrameSize(integerLiteral: Self.maxPayload)) { req, socket in
            await serve(socket, req)
        }
    }

    private func serve(_ socket: WebSocket, _ req: Request) async {
        let session = SocketSession(sid: ids.token(byteCount: 15), namespaceSID: ids.token(byteCount: 15))
        socket.onText { socket, text in await receive(text, on: socket, session, req) }
        socket.onClose.whenComplete { _ in
            Task { await record(.init(left: await hub.remove(socket)), req) }
        }
        try? await socket.send(EngineIOPacket.open(sid: session.sid, pingInterval: pingInterval, pingTimeout: pingTimeout, maxPayload: Self.maxPayload))
        // A ping every interval; a socket that left the previous one unanswered is closed. That
        // gives a client the whole interval (at least the announced timeout) to answer.
        while !socket.isClosed {
            do {
                try await Task.sleep(for: pingInterval)
            } catch {
                break
            }
            if await session.isAwaitingPong {
                try? await socket.close(code: .goingAway)
                break
            }
            await session.expectPong()
            try? await socket.send(EngineIOPacket.pingText)
        }
    }

    private func receive(_ text: String, on socket: WebSocket, _ session: SocketSession, _ req: Request) async {
        switch EngineIOPacket(text) {
        case .pong:
            await session.pongReceived()
        case .ping:
            try? await socket.send("3")
        case .connect:
            try? await socket.send(EngineIOPacket.connected(sid: session.namespaceSID))
        case let .event("changesocketid", uid?) where !uid.isEmpty && uid.count <= 128:
            await record(await hub.bind(socket, to: uid), req)
        case .event:
            break
        case .disconnect:
            await record(.init(left: await hub.remove(socket)), req)
        case .close, .unsupported:
            try? await socket.close()
        }
    }

    /// A presence the database could not record costs at most a push too many or too few; the
    /// socket itself keeps working.
    private func record(_ change: StudySocketHub.Change, _ req: Request) async {
        do {
            if let uid = change.left { try await presence.left(uid, on: req.db) }
            if let uid = change.arrived { try await presence.arrived(uid, on: req.db) }
        } catch {
            req.logger.warning("study socket presence not recorded: \(String(reflecting: error))")
        }
    }

    private static func engineError(code: Int, _ message: String) throws -> Response {
        let body = try JSONSerialization.data(withJSONObject: ["code": code, "message": message])
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .badRequest, headers: headers, body: .init(data: body))
    }
}

/// What one socket's connection remembers: its ids, and whether a ping is unanswered.
private actor SocketSession {
    let sid: String
    let namespaceSID: String
    private(set) var isAwaitingPong = false

    init(sid: String, namespaceSID: String) {
        self.sid = sid
        self.namespaceSID = namespaceSID
    }

    func expectPong() { isAwaitingPong = true }
    func pongReceived() { isAwaitingPong = false }
}
