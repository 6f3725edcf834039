import Fluent
import Platform

/// A matched pair as the messenger knows them: the conversation their 약속 are made in
/// (`StudyAppointments`) is about the pair, named by both account ids in order, so the same two
/// people have one conversation whoever opens it. Their talk stays in the study's own chat, so
/// the conversation's page (which its notifications, reminders and calendar entries open) sends
/// them to the matched page, and only a pair still matched agrees to meet in it.
struct StudyPairConversations: ConversationSubjects {
    static let appName = "study"
    /// Between the two ids of a pair's subject; account ids are hex.
    static let separator: Character = "+"
    static let title = "새싹 스터디"

    let app = StudyPairConversations.appName
    /// `subject` reads study profiles, which the study group's counter follows.
    let readGroup = StudySearchRead.group
    /// A pair's conversation is opened when they match, never by a first message.
    let opensWithAMessage = false

    static func topic(_ one: String, _ other: String) -> ConversationTopic {
        let pair = [one, other].sorted()
        return ConversationTopic(app: appName, id: pair[0] + String(separator) + pair[1])
    }

    /// The two ids a pair's subject names, in order; nil for any other text.
    static func pair(_ subjectID: String) -> (first: String, second: String)? {
        guard subjectID.utf8.count <= 160 else { return nil }
        let ids = subjectID.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        guard ids.count == 2, !ids[0].isEmpty, ids[0] < ids[1] else { return nil }
        return (ids[0], ids[1])
    }

    /// The pair of two people signed up for SeSAC Study, shown in the inbox as "새싹 스터디"
    /// beside the partner's name and leading to the matched page.
    func subject(_ id: String, on db: any Database) async throws -> ConversationSubject? {
        guard let pair = Self.pair(id),
              try await StudyProfile.query(on: db).filter(\.$id ~~ [pair.first, pair.second]).count() == 2
        else { return nil }
        return ConversationSubject(id: id, ownerID: pair.second, title: Self.title, photo: nil, price: nil, state: nil, path: StudyPaths.matched.link)
    }

    func meets(about subjectID: String, between one: String, and other: String, on db: any Database) async throws -> Bool {
        guard Self.topic(one, other).id == subjectID else { return false }
        return try await StudyAppointments.stillMatched(one, other, on: db)
    }

    func chatPage(of subjectID: String, between viewer: String, and other: String) -> String? {
        Self.topic(viewer, other).id == subjectID ? StudyPaths.matchedAppointments : nil
    }
}
