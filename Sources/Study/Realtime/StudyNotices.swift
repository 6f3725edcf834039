import Fluent
import Platform
import SproutAPI
import Vapor

/// The study's news in the notification list every app shares (the header's bell): a request
/// received, a match, and a chat that arrived while no study page or app was open. The legacy
/// `/v1` contract and its socket are unchanged; these are what a web visitor and Sprout's own
/// apps see.
struct StudyNotices: Sendable {
    let notifications: AccountNotifications
    let presence: StudyPresence
    let logger: Logger

    func queueChanged(_ uids: [String], _ event: StudyQueueEvent, by cause: String, on db: any Database) async {
        switch event {
        case .studyRequest:
            let nick = (try? await StudyProfile.find(cause, on: db)?.nick) ?? ""
            for uid in uids {
                await notify(uid, .studyRequest, .init(ko: "\(nick)님이 함께 스터디하기를 요청했어요", en: "\(nick) asked you to study together"),
                             link: StudyPaths.results.link, on: db)
            }
        case .matched:
            for uid in uids {
                let partner = (try? await Partnership.find(uid, on: db)?.partnerNick) ?? ""
                await notify(uid, .studyMatch, .init(ko: "\(partner)님과 매칭됐어요", en: "You are matched with \(partner)"), link: StudyPaths.matched.link, on: db)
            }
        case .dodged, .reviewed, .requestWithdrawn:
            break
        }
    }

    func chatSent(_ chat: Study.Chat, on db: any Database) async {
        guard (try? await presence.isOnline(chat.to, on: db)) == false else { return }
        let nick = (try? await Partnership.find(chat.to, on: db)?.partnerNick) ?? ""
        let preview = String(chat.chat.prefix(StudyPushes.chatPreviewLength))
        await notify(chat.to, .studyChat, .init(ko: "\(nick)님의 채팅: \(preview)", en: "\(nick): \(preview)"), link: StudyPaths.matched.link, on: db)
    }

    /// A notification that cannot be stored is logged: the study itself already happened.
    private func notify(_ uid: String, _ kind: Notifications.Kind, _ text: AccountNotifications.Text, link: String, on db: any Database) async {
        do {
            try await notifications.notify(uid, app: "study", kind: kind, text: text, link: link, on: db)
        } catch {
            logger.warning("study notification not stored: \(String(reflecting: error))")
        }
    }
}
