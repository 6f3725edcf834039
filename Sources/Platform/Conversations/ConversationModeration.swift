import Fluent
import Foundation
import PlatformCore
import SproutAPI

/// A reported conversation as the operator console shows it, and the console's removal of one of
/// its messages (`RemovedMessages.swift` says where a removed message is gone). Reports name a
/// conversation by its id (`Messenger.report`). The conversation itself is never hidden: it is
/// two people's, and the console acts on their messages and their accounts.
public struct ConversationModeration: ModeratedContent {
    static let messageKind = "message"
    /// How many of the last lines before the report the console shows: enough to judge what was
    /// said, and no more of two people's private talk than that.
    static let linesShown = 20

    public let app = "conversations"
    let messenger: Messenger

    public init(messenger: Messenger) {
        self.messenger = messenger
    }

    /// Its people and what it is about as they are now; its last lines sent by `reportedAt`,
    /// removed ones too, marked.
    public func reported(_ subject: String, reportedAt: Date, on db: any Database) async throws -> ReportedThing? {
        // Conversation ids are 24 hex digits: other text names none and is not worth a query
        // (PostgreSQL refuses a NUL in a bound text).
        guard (1...64).contains(subject.utf8.count), subject.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
              let record = try await ConversationRecord.find(subject, on: db)
        else { return nil }
        let newestFirst = try await ConversationMessage.query(on: db).filter(\.$conversationID == subject).filter(\.$sentAt <= reportedAt)
            .sort(\.$id, .descending).limit(Self.linesShown).all()
        let lines = Array(newestFirst.reversed())
        let people = [record.startedBy, record.other(than: record.startedBy)]
        let names = try await displayNames(of: people, on: db)
        let about = try await messenger.about(record, on: db)
        return ReportedThing(
            item: ModeratedItem(kind: "conversation", id: subject), kindName: ReportedThing.Words(ko: "대화", en: "Conversation"),
            title: (people.map { names[$0] ?? "" } + [about?.title].compactMap { $0 }).joined(separator: " · "),
            body: "", photos: lines.flatMap(\.fileList).map { "/" + $0 }, ownerID: nil,
            link: PlatformPaths.conversation.link(record.webID), hidden: nil,
            parts: lines.map { line in
                ReportedThing.Part(item: ModeratedItem(kind: Self.messageKind, id: String(line.id ?? 0)), authorID: line.senderID,
                                   authorName: names[line.senderID] ?? "", text: Self.text(of: line), at: line.sentAt, hidden: line.removedAt != nil)
            },
            partsNote: ReportedThing.Words(ko: "신고된 대화라서 신고 전 마지막 메시지 \(Self.linesShown)개를 보여 줘요.",
                                              en: "Shown because the conversation was reported: its last \(Self.linesShown) messages before the report.")
        )
    }

    /// Removes or restores one message; answers its author. A removal keeps when it was made
    /// (a second one changes nothing), and moves both people's inbox counters in the same write:
    /// their cached inbox pages show the conversation's last line.
    public func setHidden(_ hidden: Bool, _ item: ModeratedItem, on db: any Database) async throws -> String? {
        guard item.kind == Self.messageKind, let id = Int(item.id), id > 0,
              let message = try await ConversationMessage.find(id, on: db),
              let record = try await ConversationRecord.find(message.conversationID, on: db)
        else { return nil }
        guard (message.removedAt != nil) != hidden else { return message.senderID }
        let removedAt = hidden ? messenger.clock.now() : nil
        let members = [record.firstMember, record.secondMember]
        try await db.writeTransaction { db in
            try await ConversationMessage.query(on: db).filter(\.$id == id).set(\.$removedAt, to: removedAt).update()
            if hidden { try await self.forgetNotification(of: message, in: record, on: db) }
            try await ReadVersions.bump(Messenger.readGroup, accounts: members, on: db)
        }
        return message.senderID
    }

    /// A line as the console lists it: a photo says so, as the inbox does.
    static func text(of line: ConversationMessage) -> String {
        let photos = Array(repeating: "[사진]", count: line.fileList.count)
        return (photos + [line.text].filter { !$0.isEmpty }).joined(separator: " ")
    }

    private func displayNames(of ids: [String], on db: any Database) async throws -> [String: String] {
        Dictionary(try await Account.query(on: db).filter(\.$id ~~ ids).all().compactMap { account in
            account.id.map { ($0, account.displayName) }
        }) { first, _ in first }
    }

    /// The other person's notification of a removed message quotes it, so it goes too (a restore
    /// does not bring it back: the message is back where it was). It was written with the message
    /// (`MessageWriter`): the conversation's message notification of that moment with its words.
    private func forgetNotification(of message: ConversationMessage, in record: ConversationRecord, on db: any Database) async throws {
        let quoted = "님의 메시지: " + (message.text.isEmpty ? "사진" : String(message.text.prefix(80)))
        let told = try await NotificationRecord.query(on: db).filter(\.$accountID == record.other(than: message.senderID))
            .filter(\.$kind == Notifications.Kind.message.rawValue).filter(\.$link == PlatformPaths.conversation.link(record.webID))
            .filter(\.$createdAt >= message.sentAt.addingTimeInterval(-1)).filter(\.$createdAt <= message.sentAt.addingTimeInterval(60))
            .sort(\.$id).all()
        guard let note = told.first(where: { $0.textKo.hasSuffix(quoted) }) else { return }
        try await note.delete(on: db)
    }
}
