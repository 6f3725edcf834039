import Foundation
import Platform
import SproutAPI

/// This instance's open Engine.IO sessions, by sid, and the accounts (uids) they belong to: a
/// session joins its account by a credential or `changesocketid` (see `StudySocketServer`),
/// every session of an account (a second device too) receives that person's chats, and a closed
/// session leaves.
actor StudySocketHub {
    /// The recipient of a chat reads their own uid sealed, as in every answer they get.
    let uids: PhoneUIDs
    /// Open sessions one client address may hold (`SPROUT_STUDY_SOCKETS_PER_CLIENT`).
    let maxSessionsPerClient: Int
    private var sessions: [String: EngineSession] = [:]
    private var sessionsOfClient: [String: Int] = [:]
    private var clientOfSID: [String: String] = [:]
    private var byUID: [String: [String: EngineSession]] = [:]
    private var uidOfSID: [String: String] = [:]

    init(uids: PhoneUIDs, maxSessionsPerClient: Int) {
        self.uids = uids
        self.maxSessionsPerClient = maxSessionsPerClient
    }

    /// Whether `client` (`Request.clientIP`) may open another session. Checked before a websocket
    /// upgrade, so a burst of simultaneous upgrades from one address may pass it together: the
    /// bound is approximate by the few in flight, never unbounded.
    func admits(_ client: String) -> Bool {
        sessionsOfClient[client, default: 0] < maxSessionsPerClient
    }

    func open(_ session: EngineSession, client: String) {
        guard sessions.updateValue(session, forKey: session.sid) == nil else { return }
        ServerMetrics.opened(ServerMetrics.realtimeSessions, app: "study")
        sessionsOfClient[client, default: 0] += 1
        clientOfSID[session.sid] = client
    }

    func session(_ sid: String) -> EngineSession? {
        sessions[sid]
    }

    /// Who arrived and who left this instance: a uid's first session, and the last one of the
    /// uid a session was bound to before.
    struct Change: Equatable {
        var arrived: String?
        var left: String?
    }

    @discardableResult
    func bind(_ session: EngineSession, to uid: String) -> Change {
        let sid = session.sid
        let left = uidOfSID[sid].flatMap { previous in previous == uid ? nil : unbind(sid, from: previous) }
        uidOfSID[sid] = uid
        let arrived = byUID[uid] == nil ? uid : nil
        byUID[uid, default: [:]][sid] = session
        return Change(arrived: arrived, left: left)
    }

    /// Forgets a closed (or namespace-leaving) session; answers the uid whose last session this was.
    @discardableResult
    func remove(_ session: EngineSession, closing: Bool) -> String? {
        if closing, sessions.removeValue(forKey: session.sid) != nil {
            ServerMetrics.closed(ServerMetrics.realtimeSessions, app: "study")
            if let client = clientOfSID.removeValue(forKey: session.sid) {
                sessionsOfClient[client, default: 1] -= 1
                if sessionsOfClient[client] == 0 { sessionsOfClient[client] = nil }
            }
        }
        guard let uid = uidOfSID.removeValue(forKey: session.sid) else { return nil }
        return unbind(session.sid, from: uid)
    }

    private func unbind(_ sid: String, from uid: String) -> String? {
        byUID[uid]?[sid] = nil
        guard byUID[uid]?.isEmpty == true else { return nil }
        byUID[uid] = nil
        return uid
    }

    /// The uids this instance holds at least one session for.
    func heldUIDs() -> Set<String> { Set(byUID.keys) }

    /// Emits `queueState` with what changed to each of `uids`' sessions.
    func tell(_ uids: [String], _ event: StudyQueueEvent) async {
        guard let packet = try? EngineIOPacket.event("queueState", ["event": event.rawValue]) else { return }
        for uid in uids {
            for session in byUID[uid]?.values ?? [:].values { await session.send(packet) }
        }
    }

    /// Closes every session: the server is going away, and an open websocket or a waiting poll
    /// would hold its shutdown until the connection timed out. Clients reconnect to the next
    /// instance.
    func closeAll() async {
        let open = sessions.values
        sessions = [:]
        byUID = [:]
        uidOfSID = [:]
        sessionsOfClient = [:]
        clientOfSID = [:]
        for session in open { await session.close() }
    }

    /// Emits `chat` to the recipient's sessions, never the sender's. The payload's fields are all
    /// strings (`__v` too), as the original server sent them.
    func deliver(_ chat: Study.Chat) async {
        let payload: [String: String] = [
            "_id": chat.id, "__v": String(chat.version), "to": uids.uid(ofAccount: chat.to), "from": chat.from, "chat": chat.chat, "createdAt": chat.createdAt,
        ]
        guard let packet = try? EngineIOPacket.event("chat", payload) else { return }
        for session in byUID[chat.to]?.values ?? [:].values { await session.send(packet) }
    }
}
