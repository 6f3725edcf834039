import Foundation
import Platform
import SproutAPI
import Vapor

/// The open study sockets by uid: a socket joins its uid with `changesocketid`, every socket of
/// a uid (a second device too) receives that person's chats, and a closed socket leaves.
actor StudySocketHub {
    private var sockets: [String: [ObjectIdentifier: WebSocket]] = [:]
    private var uids: [ObjectIdentifier: String] = [:]

    /// Who arrived and who left this instance: a uid's first socket, and the last one of the uid
    /// a socket was bound to before.
    struct Change: Equatable {
        var arrived: String?
        var left: String?
    }

    @discardableResult
    func bind(_ socket: WebSocket, to uid: String) -> Change {
        let key = ObjectIdentifier(socket)
        let left = uids[key].flatMap { previous in previous == uid ? nil : unbind(key, from: previous) }
        uids[key] = uid
        let arrived = sockets[uid] == nil ? uid : nil
        sockets[uid, default: [:]][key] = socket
        return Change(arrived: arrived, left: left)
    }

    /// The uid whose last socket this was, if any.
    @discardableResult
    func remove(_ socket: WebSocket) -> String? {
        let key = ObjectIdentifier(socket)
        guard let uid = uids.removeValue(forKey: key) else { return nil }
        return unbind(key, from: uid)
    }

    private func unbind(_ key: ObjectIdentifier, from uid: String) -> String? {
        sockets[uid]?[key] = nil
        guard sockets[uid]?.isEmpty == true else { return nil }
        sockets[uid] = nil
        return uid
    }

    /// The uids this instance holds at least one socket for.
    func heldUIDs() -> Set<String> { Set(sockets.keys) }

    /// Emits `queueState` with what changed to each of `uids`' sockets.
    func tell(_ uids: [String], _ event: StudyQueueEvent) async {
        guard let packet = try? EngineIOPacket.event("queueState", ["event": event.rawValue]) else { return }
        for uid in uids {
            for socket in sockets[uid]?.values ?? [:].values {
                try? await socket.send(packet)
            }
        }
    }

    /// Closes every socket: the server is going away, and an open websocket would hold its
    /// shutdown until the connection timed out. Clients reconnect to the next instance.
    func closeAll() async {
        let open = sockets.values.flatMap(\.values)
        sockets = [:]
        uids = [:]
        for socket in open { try? await socket.close(code: .goingAway) }
    }

    /// Emits `chat` to the recipient's sockets, never the sender's. The payload's fields are all
    /// strings (`__v` too), as the original server sent them.
    func deliver(_ chat: Study.Chat) async {
        let payload: [String: String] = [
            "_id": chat.id, "__v": String(chat.version), "to": chat.to, "from": chat.from, "chat": chat.chat, "createdAt": chat.createdAt,
        ]
        guard let packet = try? EngineIOPacket.event("chat", payload) else { return }
        for socket in sockets[chat.to]?.values ?? [:].values {
            try? await socket.send(packet)
        }
    }
}
