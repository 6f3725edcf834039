import Fluent
import Foundation
import SproutAPI
import SQLKit

/// Conversations as one of their two people sees them, read for a whole page at once: each kind
/// of thing a row shows (the other people, their pictures, the last messages, my unread counts,
/// whom I blocked) is one query for the page, not one per row. What each row is about is asked
/// of its app, one row at a time.
extension Messenger {
    func view(_ record: ConversationRecord, for me: String, on db: any Database) async throws -> Conversations.Conversation {
        guard let view = try await views([record], for: me, on: db).first else { throw ConversationError.notFound }
        return view
    }

    func views(_ records: [ConversationRecord], for me: String, on db: any Database) async throws -> [Conversations.Conversation] {
        guard !records.isEmpty else { return [] }
        let ids = try records.map { try $0.requireID() }
        let others = Array(Set(records.map { $0.other(than: me) }))
        let people = try await people(others, on: db)
        let lastIDs = records.map(\.lastMessageID).filter { $0 > 0 }
        let lastMessages = lastIDs.isEmpty ? [:] : Dictionary(try await ConversationMessage.query(on: db).filter(\.$id ~~ lastIDs).all().map {
            ($0.conversationID, $0)
        }) { first, _ in first }
        let unread = try await unreadCounts(in: ids, for: me, on: db)
        let abouts = try await abouts(of: records, on: db)
        let blocked = Set(try await AccountBlock.query(on: db).filter(\.$blockerID == me).filter(\.$blockedID ~~ others).all().map(\.blockedID))
        var views: [Conversations.Conversation] = []
        for record in records {
            let id = try record.requireID()
            let other = record.other(than: me)
            let last = try await newestShown(lastMessages[id], in: id, to: me, on: db)
            views.append(Conversations.Conversation(
                id: id, webID: record.webID,
                other: people[other] ?? Conversations.Person(id: other, name: "", picture: nil),
                about: abouts[record.topic], lastMessage: last.map(Self.message), unreadCount: unread[id] ?? 0,
                blocked: blocked.contains(other), updatedAt: Self.timestamp(record.updatedAt, fractionDigits: 0)
            ))
        }
        return views
    }

    /// These people as conversations show them: name and picture.
    func people(_ ids: [String], on db: any Database) async throws -> [String: Conversations.Person] {
        let pictures = try await subjects.pictures(of: ids, on: db)
        return Dictionary(try await Account.query(on: db).filter(\.$id ~~ ids).all().compactMap { account in
            account.id.map { ($0, Conversations.Person(id: $0, name: account.displayName, picture: pictures[$0])) }
        }) { first, _ in first }
    }

    /// What each of these conversations is about, asked of each app once for the page.
    private func abouts(of records: [ConversationRecord], on db: any Database) async throws -> [ConversationTopic: Conversations.About] {
        var found: [ConversationTopic: Conversations.About] = [:]
        let topics = Dictionary(grouping: records.map(\.topic).filter { !$0.isNothingInParticular }, by: \.app)
        for (app, inApp) in topics {
            guard let directory = subjects.subjects(of: app) else { continue }
            for (id, subject) in try await directory.subjects(inApp.map(\.id), on: db) {
                found[ConversationTopic(app: app, id: id)] = Self.about(subject, app: app, id: id)
            }
        }
        return found
    }

    /// What the app of the conversation's subject adds to it for `me` (`ConversationDetails`).
    public func details(of conversation: Conversations.Conversation, for me: String, on db: any Database) async throws -> ConversationDetails {
        try await subjects.details(of: conversation, for: me, on: db)
    }

    static func about(_ subject: ConversationSubject, app: String, id: String) -> Conversations.About {
        Conversations.About(app: app, id: id, title: subject.title, photo: subject.photo, price: subject.price, state: subject.state, path: subject.path)
    }

    func about(_ record: ConversationRecord, on db: any Database) async throws -> Conversations.About? {
        guard !record.topic.isNothingInParticular else { return nil }
        return try await subjects.subjects(of: record.aboutApp)?.subject(record.aboutID, on: db).map {
            Self.about($0, app: record.aboutApp, id: record.aboutID)
        }
    }

    /// The messages from the other side after what `me` has read, per conversation, but those the
    /// operator removed.
    func unreadCounts(in ids: [String], for me: String, on db: any Database) async throws -> [String: Int] {
        struct Row: Decodable {
            let conversation_id: String
            let unread: Int
        }
        let rows = try await db.sql().raw("""
            SELECT m.conversation_id, COUNT(*) AS unread FROM conversation_messages m
            JOIN conversation_members r ON r.conversation_id = m.conversation_id AND r.account_id = \(bind: me)
            WHERE m.conversation_id IN (\(binds: ids)) AND m.sender_id <> \(bind: me) AND m.id > r.read_up_to AND m.removed_at IS NULL
            GROUP BY m.conversation_id
            """).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.conversation_id, $0.unread) }) { first, _ in first }
    }
}
