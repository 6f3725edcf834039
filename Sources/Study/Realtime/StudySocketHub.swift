import Foundation
import Platform
import SproutAPI

/// The accounts (uids) this instance's study sessions belong to: a session joins its account by
/// a credential or `changesocketid` (see `StudySocketNamespace`), every session of an account (a
/// second device too) receives that person's chats, and a session that leaves is forgotten.
actor StudySocketHub {
    /// The recipient of a chat reads their own uid sealed, as in every answer they get.
    let uids: PhoneUIDs
    private var byUID: [String: [String: EngineSession]] = [:]
    private var uidOfSID: [String: String] = [:]

    init(uids: PhoneUIDs) {
        self.uids = uids
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

    /// Forgets a session that left; answers the uid whose last session this was.
    @discardableResult
    func remove(_ session: EngineSession) -> String? {
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
