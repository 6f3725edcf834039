import Fluent
import Platform
import SproutAPI
import Vapor

/// Notifications to the phones of the study (issue: "sent when a request is received, when
/// matched, and for a chat message while the recipient has no open socket"), to the FCM token a
/// client registered with `update_fcm_token`, through the platform's push outbox: the request
/// that caused one only stores it. Web-only profiles have no token and get none. A token the
/// provider says is dead is cleared, unless the client registered a new one meanwhile.
struct StudyPushes: Sendable {
    /// The most characters of a chat a notification shows; the app opens the room for the rest.
    static let chatPreviewLength = 100
    static let app = "study"

    let outbox: PushOutbox
    let presence: StudyPresence
    /// The recipient reads their own uid sealed, as in every answer they get.
    let uids: PhoneUIDs
    let logger: Logger

    /// Pushes what the queue change means to the people it concerns: `cause` is the uid whose
    /// request or accept made it.
    func queueChanged(_ uids: [String], _ event: StudyQueueEvent, by cause: String, on db: any Database) async {
        switch event {
        case .studyRequest:
            let nick = await self.nick(of: cause, on: db)
            for uid in uids {
                await send(PushMessage(
                    title: "새싹 스터디",
                    body: "\(nick)님이 함께 스터디하기를 요청했어요",
                    data: ["event": event.rawValue, "uid": cause, "nick": nick]
                ), to: uid, on: db)
            }
        case .matched:
            for uid in uids {
                guard let partner = await partnership(of: uid, on: db) else { continue }
                await send(PushMessage(
                    title: "새싹 스터디",
                    body: "\(partner.partnerNick)님과 매칭되셨습니다. 잠시 후 채팅방으로 이동합니다",
                    data: ["event": event.rawValue, "matchedUid": partner.partnerUID, "matchedNick": partner.partnerNick]
                ), to: uid, on: db)
            }
        case .dodged, .reviewed, .requestWithdrawn:
            break
        }
    }

    /// Pushes a chat to its recipient while they have no study socket open on any instance; an
    /// open socket already showed it.
    func chatSent(_ chat: Study.Chat, on db: any Database) async {
        do {
            guard try await !presence.isOnline(chat.to, on: db) else { return }
        } catch {
            logger.warning("study chat push skipped: presence unknown: \(String(reflecting: error))")
            return
        }
        let nick = await partnership(of: chat.to, on: db)?.partnerNick ?? ""
        await send(PushMessage(
            title: nick.isEmpty ? "새싹 스터디" : nick,
            body: String(chat.chat.prefix(Self.chatPreviewLength)),
            // FCM refuses a data key named `from`: the sender goes as `uid`.
            data: ["event": "chat", "_id": chat.id, "uid": chat.from, "to": uids.uid(ofAccount: chat.to), "createdAt": chat.createdAt]
        ), to: chat.to, on: db)
    }

    private func send(_ message: PushMessage, to uid: String, on db: any Database) async {
        guard let token = try? await StudyProfile.find(uid, on: db)?.fcmToken, !token.isEmpty else { return }
        do {
            try await outbox.enqueue(message, to: token, app: Self.app, on: db)
        } catch {
            logger.warning("study push not stored: \(String(reflecting: error))")
        }
    }

    /// Forgets a dead token wherever a profile still holds it (a profile that registered another meanwhile keeps that).
    static func forget(_ token: String, on db: any Database, logger: Logger) async {
        do {
            try await db.writeTransaction { db in
                try await StudyProfile.query(on: db).filter(\.$fcmToken == token).set(\.$fcmToken, to: "").update()
            }
        } catch {
            logger.warning("dead FCM token not cleared: \(String(reflecting: error))")
        }
    }

    private func nick(of uid: String, on db: any Database) async -> String {
        (try? await StudyProfile.find(uid, on: db)?.nick) ?? ""
    }

    private func partnership(of uid: String, on db: any Database) async -> Partnership? {
        try? await Partnership.find(uid, on: db)
    }
}
