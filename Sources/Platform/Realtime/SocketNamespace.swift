import NIOConcurrencyHelpers
import Vapor

/// What a module serves on Sprout's one Socket.IO endpoint (`/socket.io/`): the study's default
/// namespace, the lessons contract's chat rooms (`/chats-{room_id}`). The endpoint speaks
/// Engine.IO and Socket.IO; a namespace decides who may join and what its events do.
public protocol SocketNamespace: Sendable {
    /// Whether this serves the namespace `name` (`/` is the default one).
    func serves(_ name: String) -> Bool
    /// A client asks to join `name`; false refuses it (`44`). The session's `provenAccount` is
    /// set when the client proved who it is.
    func join(_ name: String, _ session: EngineSession, _ req: Request) async -> Bool
    /// An event the client emitted in `name`, with its first argument when that is a string.
    func receive(_ event: String, _ argument: String?, in name: String, from session: EngineSession, _ req: Request) async
    /// The client left `name`, or its session closed.
    func leave(_ name: String, _ session: EngineSession, _ req: Request) async
}

/// The modules' namespaces, filled once the modules are built (`AppModule.socketNamespaces`).
public final class SocketNamespaces: Sendable {
    private let all = NIOLockedValueBox<[any SocketNamespace]>([])

    public init() {}

    public func register(_ namespaces: [any SocketNamespace]) {
        all.withLockedValue { $0 += namespaces }
    }

    func serving(_ name: String) -> (any SocketNamespace)? {
        all.withLockedValue { $0 }.first { $0.serves(name) }
    }

    var isEmpty: Bool { all.withLockedValue { $0.isEmpty } }
}

/// This instance's open Engine.IO sessions by sid, and how many each client address holds.
actor SocketSessions {
    /// Open sessions one client address may hold (`SPROUT_SOCKETS_PER_CLIENT`).
    let maxPerClient: Int
    private var sessions: [String: EngineSession] = [:]
    private var countOfClient: [String: Int] = [:]
    private var clientOfSID: [String: String] = [:]

    init(maxPerClient: Int) {
        self.maxPerClient = maxPerClient
    }

    /// Whether `client` (`Request.clientIP`) may open another session. Checked before a websocket
    /// upgrade, so a burst of simultaneous upgrades from one address may pass it together: the
    /// bound is approximate by the few in flight, never unbounded.
    func admits(_ client: String) -> Bool {
        countOfClient[client, default: 0] < maxPerClient
    }

    func open(_ session: EngineSession, client: String) {
        guard sessions.updateValue(session, forKey: session.sid) == nil else { return }
        ServerMetrics.opened(ServerMetrics.realtimeSessions, app: "socket.io")
        countOfClient[client, default: 0] += 1
        clientOfSID[session.sid] = client
    }

    func session(_ sid: String) -> EngineSession? { sessions[sid] }

    /// Forgets a closed session; false when it was forgotten already.
    func remove(_ session: EngineSession) -> Bool {
        guard sessions.removeValue(forKey: session.sid) != nil else { return false }
        ServerMetrics.closed(ServerMetrics.realtimeSessions, app: "socket.io")
        if let client = clientOfSID.removeValue(forKey: session.sid) {
            countOfClient[client, default: 1] -= 1
            if countOfClient[client] == 0 { countOfClient[client] = nil }
        }
        return true
    }

    /// Every session, forgotten: the server is going away.
    func takeAll() -> [EngineSession] {
        defer {
            sessions = [:]
            countOfClient = [:]
            clientOfSID = [:]
        }
        return Array(sessions.values)
    }
}
