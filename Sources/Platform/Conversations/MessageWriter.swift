import Fluent
import Foundation
import PlatformCore
import SproutAPI
import SQLKit
import Vapor

/// Writes messages, a batch at a time (`WriteBatches`): the messages, both people's `message`
/// events and each receiver's notification in one transaction, with one statement per table for
/// the whole batch, then wakes everyone's streams once. Each message is answered as its sender
/// now sees it. Its statements are SQLKit's: a send is the busiest write there is, and Fluent's
/// model reflection was most of its cost (bench/RESULTS.md).
struct MessageWriter: Sendable {
    /// A message to write, in a conversation its sender is in.
    struct Draft: Sendable {
        let conversation: KeptConversations.Conversation
        let sender: String
        let text: String
        let files: [String]
        /// False for a line an app writes for what someone did (`Messenger.say`): the app tells
        /// the other person in its own notification, so the message makes none.
        var notifies = true
    }

    /// A written message, and its conversation as the sender sees it now.
    struct Sent: Sendable {
        let message: Conversations.Message
        let mine: Conversations.Conversation
    }

    let clock: WallClock
    let events: AccountEvents
    let notifications: AccountNotifications
    let broadcast: InstanceBroadcast
    let writes: DedicatedWrites
    private let logger = Logger(label: "sprout.conversations")

    func write(_ drafts: [Draft], on db: any Database) async throws -> [Result<Sent, any Error>] {
        let now = Messenger.toTheMillisecond(clock.now())
        let (results, stored) = try await writes.transaction(on: db) { sql in try await self.store(drafts, at: now, on: sql) }
        let sent = zip(drafts, results).compactMap { draft, result in (try? result.get()).map { (draft, $0) } }
        // Committed: from here on nothing throws, or the batch would be written again.
        await events.announce(stored, on: db)
        for (draft, sent) in sent where draft.conversation.topic.isNothingInParticular {
            do {
                try await broadcast.publish(Messenger.postedChannel, "\(draft.conversation.topic.app) \(draft.conversation.id) \(sent.message.id)", on: db)
            } catch {
                logger.warning("Could not tell the rooms of a message: \(String(reflecting: error))")
            }
        }
        return results
    }

    /// One person of one conversation.
    private struct Member: Hashable {
        let conversation: String
        let account: String
    }

    /// One person blocking another.
    private struct Block: Hashable {
        let blocker: String
        let blocked: String
    }

    /// The batch's results, and the live events it stored.
    private func store(_ drafts: [Draft], at now: Date, on sql: any SQLDatabase) async throws -> ([Result<Sent, any Error>], [AccountEvents.Stored]) {
        // Inside: a block that commits while the messages are being written still stops them.
        let blocked = try await blockedPairs(among: Set(drafts.flatMap(\.conversation.members)), on: sql)
        let isBlocked = { (draft: Draft) in
            let other = draft.conversation.other(than: draft.sender)
            return blocked.contains(Block(blocker: draft.sender, blocked: other)) || blocked.contains(Block(blocker: other, blocked: draft.sender))
        }
        let accepted = drafts.filter { !isBlocked($0) }
        guard !accepted.isEmpty else { return (drafts.map { _ in .failure(ConversationError.blocked) }, []) }

        var unread = try await unreadCounts(of: accepted, on: sql)
        var insert = sql.insert(into: ConversationMessage.schema).columns("conversation_id", "sender_id", "text", "files", "sent_at")
        for draft in accepted {
            insert = insert.values(SQLBind(draft.conversation.id), SQLBind(draft.sender), SQLBind(draft.text),
                                   SQLBind(ConversationMessage.encoded(draft.files)), SQLBind(now))
        }
        let ids = try InsertedRow.ids(of: try await insert.returning("id").all(decoding: InsertedRow.self), rows: accepted.count)
        try await moveLastMessages(zip(accepted, ids).map { ($0.conversation.id, $1) }, at: now, on: sql)
        try await moveReadMarks(zip(accepted, ids).map { (Member(conversation: $0.conversation.id, account: $0.sender), $1) }, on: sql)

        var sent: [Sent] = []
        var events: [AccountEvents.Draft] = []
        var notes: [AccountNotifications.Note] = []
        for (draft, id) in zip(accepted, ids) {
            let (me, conversation) = (draft.sender, draft.conversation)
            let other = conversation.other(than: me)
            // Each message moves the counts as it would alone: the sender has read up to it, the other has one more.
            unread[Member(conversation: conversation.id, account: me)] = 0
            unread[Member(conversation: conversation.id, account: other), default: 0] += 1
            let wire = Conversations.Message(id: id, conversationID: conversation.id, senderID: me, text: draft.text, files: draft.files,
                                             sentAt: Messenger.timestamp(now, fractionDigits: 3))
            let view = { (viewer: String) in
                let shown = viewer == me ? other : me
                return Conversations.Conversation(id: conversation.id, webID: conversation.webID, other: conversation.people[shown] ?? Conversations.Person(id: shown, name: "", picture: nil),
                                                  about: conversation.about, lastMessage: wire,
                                                  unreadCount: unread[Member(conversation: conversation.id, account: viewer)] ?? 0,
                                                  blocked: false, updatedAt: Messenger.timestamp(now, fractionDigits: 0))
            }
            let mine = view(me), theirs = view(other)
            sent.append(Sent(message: wire, mine: mine))
            events += try AccountEvents.drafts(.message, { person in LiveEvents.MessageEvent(conversation: person == me ? mine : theirs, message: wire) },
                                               english: nil, for: [me, other])
            let name = conversation.people[me]?.name ?? ""
            let preview = wire.text.isEmpty ? nil : String(wire.text.prefix(80))
            guard draft.notifies else { continue }
            notes.append(AccountNotifications.Note(
                accountID: other, app: conversation.topic.app, kind: .message,
                text: AccountNotifications.Text(ko: "\(name)님의 메시지: " + (preview ?? "사진"), en: "\(name): " + (preview ?? "a photo")),
                link: PlatformPaths.conversation.link(conversation.webID)
            ))
        }
        let stored = try await self.events.store(events, on: sql) + notifications.store(notes, on: sql)
        try await ReadVersions.bump(Messenger.readGroup, accounts: Array(Set(accepted.flatMap(\.conversation.members))), on: sql)

        var written = sent.makeIterator()
        return (drafts.map { draft in
            guard !isBlocked(draft), let sent = written.next() else { return .failure(ConversationError.blocked) }
            return .success(sent)
        }, stored)
    }

    /// Who blocks whom among `people`.
    private func blockedPairs(among people: Set<String>, on sql: any SQLDatabase) async throws -> Set<Block> {
        struct Row: Decodable {
            let blocker_id: String
            let blocked_id: String
        }
        let everyone = people.sorted()
        return Set(try await sql.select().columns("blocker_id", "blocked_id").from(AccountBlock.schema)
            .where("blocker_id", .in, everyone).where("blocked_id", .in, everyone).all(decoding: Row.self)
            .map { Block(blocker: $0.blocker_id, blocked: $0.blocked_id) })
    }

    /// The unread counts of each message's receiver before the batch: the messages from the other
    /// side after what they have read, but those the operator removed.
    private func unreadCounts(of drafts: [Draft], on sql: any SQLDatabase) async throws -> [Member: Int] {
        struct Row: Decodable {
            let conversation_id: String
            let account_id: String
            let unread: Int
        }
        let conversations = Set(drafts.map(\.conversation.id)).sorted()
        let receivers = Set(drafts.map { $0.conversation.other(than: $0.sender) }).sorted()
        let rows = try await sql.raw("""
            SELECT r.conversation_id, r.account_id, COUNT(m.id) AS unread FROM conversation_members r
            LEFT JOIN conversation_messages m ON m.conversation_id = r.conversation_id AND m.sender_id <> r.account_id AND m.id > r.read_up_to
              AND m.removed_at IS NULL
            WHERE r.conversation_id IN (\(binds: conversations)) AND r.account_id IN (\(binds: receivers))
            GROUP BY r.conversation_id, r.account_id
            """).all(decoding: Row.self)
        return Dictionary(rows.map { (Member(conversation: $0.conversation_id, account: $0.account_id), $0.unread) }) { first, _ in first }
    }

    /// Each conversation's last message is the newest of the batch's, unless a newer one is there already.
    private func moveLastMessages(_ messages: [(String, Int)], at now: Date, on sql: any SQLDatabase) async throws {
        let newest = Dictionary(messages, uniquingKeysWith: max)
        let lastID = SQLList(newest.sorted { $0.key < $1.key }.map { SQLQueryString("WHEN \(bind: $0.key) THEN \(bind: $0.value)") }, separator: SQLRaw(" "))
        try await sql.raw("""
            UPDATE \(ident: ConversationRecord.schema) SET last_message_id = CASE id \(lastID) END, updated_at = \(bind: now)
            WHERE id IN (\(binds: newest.keys.sorted())) AND last_message_id < CASE id \(lastID) END
            """).run()
    }

    /// Each sender has read up to their newest message of the batch.
    private func moveReadMarks(_ marks: [(Member, Int)], on sql: any SQLDatabase) async throws {
        let newest = Dictionary(marks, uniquingKeysWith: max)
        let readUpTo = SQLList(newest.sorted { ($0.key.conversation, $0.key.account) < ($1.key.conversation, $1.key.account) }.map {
            SQLQueryString("WHEN conversation_id = \(bind: $0.key.conversation) AND account_id = \(bind: $0.key.account) THEN \(bind: $0.value)")
        }, separator: SQLRaw(" "))
        try await sql.raw("""
            UPDATE \(ident: ConversationMember.schema) SET read_up_to = CASE \(readUpTo) ELSE read_up_to END
            WHERE conversation_id IN (\(binds: Set(newest.keys.map(\.conversation)).sorted())) AND read_up_to < CASE \(readUpTo) ELSE 0 END
            """).run()
    }
}
