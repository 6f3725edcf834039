import Platform
import Vapor

/// The study's Socket.IO namespace, the default one (spec §4, "Socket.IO"), with the
/// `changesocketid` event that ties a session to a uid.
///
/// Who a session listens for: the late-2022 clients send no credential on the socket, only
/// `changesocketid` with their uid, so a session binds to an account only by its sealed uid
/// (`PhoneUIDs`), which that account's own sign-in alone hands out; the bare account ids the APIs
/// show of everyone bind nothing. A session that proved who it is (`SocketIOServer`) is bound to
/// that account at once, and `changesocketid` cannot move it elsewhere. Sprout's web app and
/// SproutKit always prove.
struct StudySocketNamespace: SocketNamespace {
    let hub: StudySocketHub
    let presence: StudyPresence
    let uids: PhoneUIDs

    func serves(_ name: String) -> Bool { name == EngineIOPacket.defaultNamespace }

    func join(_ name: String, _ session: EngineSession, _ req: Request) async -> Bool {
        if let account = await session.provenAccount { await record(await hub.bind(session, to: account), req) }
        return true
    }

    func receive(_ event: String, _ argument: String?, in name: String, from session: EngineSession, _ req: Request) async {
        guard event == "changesocketid", let uid = argument, let account = uids.account(ofUID: uid) else { return }
        let proven = await session.provenAccount
        guard proven == nil || proven == account else { return }
        await session.bound(to: account)
        await record(await hub.bind(session, to: account), req)
    }

    func leave(_ name: String, _ session: EngineSession, _ req: Request) async {
        await record(.init(left: await hub.remove(session)), req)
    }

    /// A presence the database could not record costs at most a push too many or too few; the
    /// session itself keeps working.
    private func record(_ change: StudySocketHub.Change, _ req: Request) async {
        do {
            if let uid = change.left { try await presence.left(uid, on: req.db) }
            if let uid = change.arrived { try await presence.arrived(uid, on: req.db) }
        } catch {
            req.logger.warning("study socket presence not recorded: \(String(reflecting: error))")
        }
    }
}
