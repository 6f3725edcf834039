import NIOConcurrencyHelpers
import PlatformCore
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

/// This instance's open Engine.IO sessions by sid, each with its place among the live
/// connections (`LiveConnections`).
actor SocketSessions {
    private var sessions: [String: (session: EngineSession, ticket: LiveConnections.Ticket)] = [:]

    func open(_ session: EngineSession, ticket: LiveConnections.Ticket) {
        guard sessions.updateValue((session, ticket), forKey: session.sid) == nil else { return }
        ServerMetrics.opened(ServerMetrics.realtimeSessions, app: "socket.io")
    }

    func session(_ sid: String) -> EngineSession? { sessions[sid]?.session }

    /// Forgets a closed session and gives its place back; false when it was forgotten already.
    func remove(_ session: EngineSession) -> Bool {
        guard let removed = sessions.removeValue(forKey: session.sid) else { return false }
        removed.ticket.release()
        ServerMetrics.closed(ServerMetrics.realtimeSessions, app: "socket.io")
        return true
    }

    /// Every session, forgotten: the server is going away.
    func takeAll() -> [EngineSession] {
        defer {
            for (_, open) in sessions { open.ticket.release() }
            sessions = [:]
        }
        return sessions.values.map(\.session)
    }
}
