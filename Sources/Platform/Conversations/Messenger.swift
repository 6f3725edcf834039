import Fluent
import Foundation
import Media
import PlatformCore
import SproutAPI
import SQLKit

/// Conversations between two people, for every app: opening one about a thing, sending text and
/// photos, reading, blocking and reporting. Each message reaches both people's live streams
/// (`AccountEvents`) and notifies the receiver (`AccountNotifications`).
public struct Messenger: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let events: AccountEvents
    let notifications: AccountNotifications
    let subjects: ConversationSubjectDirectory
    let photos: PhotoStore
    let broadcast: InstanceBroadcast
    let kept: KeptConversations
    /// Messages being sent, written a batch at a time.
    let outgoing: WriteBatches<MessageWriter.Draft, MessageWriter.Sent>
    let limits: ConversationLimits
    /// Sweeps unsent uploads once an hour (`ConversationUploads.swift`).
    let uploadSweeps = NowAndThen(every: 3600)

    /// The per-account counter (`ReadVersions`) of what an account's inbox shows of its own
    /// conversations: moved by each message (both people), reading and blocking.
    public static let readGroup = ReadGroup(
        "conversations", .perAccountByWriters, tables: ["conversations", "conversation_members", "conversation_messages", "account_blocks"]
    )
    /// The most photos one message carries (the lessons contract's rooms allow five).
    public static let maxPhotos = 5
    static let postedChannel = "sprout_conversation_messages"

    public init(clock: WallClock, ids: IdentifierGenerator, events: AccountEvents, notifications: AccountNotifications,
                subjects: ConversationSubjectDirectory, photos: PhotoStore, broadcast: InstanceBroadcast, readVersions: ReadVersions,
                writes: DedicatedWrites, limits: ConversationLimits) {
        self.clock = clock
        self.limits = limits
        self.ids = ids
        self.events = events
        self.notifications = notifications
        self.subjects = subjects
        self.photos = photos
        self.broadcast = broadcast
        kept = KeptConversations(versions: readVersions)
        readVersions.declared.declare(Self.readGroup)
        let writer = MessageWriter(clock: clock, events: events, notifications: notifications, broadcast: broadcast, writes: writes)
        outgoing = WriteBatches { drafts, db in try await writer.write(drafts, on: db) }
    }

    /// A message posted in a conversation about nothing in particular in `app`, on any instance.
    public struct Posted: Sendable, Equatable {
        public let conversationID: String
        public let messageID: Int
    }

    /// The messages posted from now on in `app`'s conversations about nothing in particular (a
    /// chat room's socket relays them). Subscribe while the module is built: the broadcast listens
    /// only to channels subscribed before it starts.
    public func postedInRooms(of app: String) -> AsyncStream<Posted> {
        let payloads = broadcast.subscribe(Self.postedChannel)
        return AsyncStream { continuation in
            let relay = Task {
                for await payload in payloads {
                    let fields = payload.split(separator: " ").map(String.init)
                    guard fields.count == 3, fields[0] == app, let id = Int(fields[2]) else { continue }
                    continuation.yield(Posted(conversationID: fields[1], messageID: id))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
    }

    /// One message by id, in the conversation `conversationID`; none once the operator removed
    /// it, as a room's sockets relay it to whoever listens, not to one of its two people.
    public func message(_ id: Int, in conversationID: String, on db: any Database) async throws -> Conversations.Message? {
        try await ConversationMessage.query(on: db).filter(\.$id == id).filter(\.$conversationID == conversationID).filter(\.$removedAt == nil)
            .first().map(Self.message)
    }

    /// Whether `id` names a conversation about nothing in particular in `app` (a chat room), with
    /// `member` in it when one is named.
    public func isRoom(_ id: String, in app: String, member: String?, on db: any Database) async throws -> Bool {
        guard id.utf8.count <= 64, let record = try await ConversationRecord.find(id, on: db) else { return false }
        guard record.aboutApp == app, record.topic.isNothingInParticular else { return false }
        return member.map { [record.firstMember, record.secondMember].contains($0) } ?? true
    }

    /// Stores photos through the image pipeline; answers their paths.
    func storedPhotos(_ uploads: [Data]) async throws -> [String] {
        guard (1...Self.maxPhotos).contains(uploads.count) else { throw ConversationError.photo(uploads.isEmpty ? .empty : .tooMany(maximum: Self.maxPhotos)) }
        do {
            return try await photos.store(uploads)
        } catch {
            guard let refusal = PhotoRefusal(error) else { throw error }
            throw ConversationError.photo(refusal)
        }
    }

    /// Opens the conversation between `me` and the owner of `topic` (or finds the one we have)
    /// and sends `text` in it. `created` tells which.
    public func open(about topic: Conversations.Subject, by me: String, text: String, on db: any Database) async throws -> (conversation: Conversations.Conversation, created: Bool) {
        let text = try Self.checkedText(text, withPhoto: false)
        guard let directory = subjects.subjects(of: topic.app) else { throw ConversationError.unknownApp }
        guard directory.opensWithAMessage, !topic.id.isEmpty, let subject = try await directory.subject(topic.id, on: db) else { throw ConversationError.unknownSubject }
        guard subject.ownerID != me else { throw ConversationError.withYourself }
        let (record, created) = try await conversation(about: ConversationTopic(app: topic.app, id: subject.id), between: me, and: subject.ownerID, on: db)
        let conversation = try await kept.conversation(try record.requireID(), groups: inboxDependencies, on: db) { try await self.toKeep(record, on: db) }
        return (try await send(text: text, files: [], in: conversation, by: me, on: db).mine, created)
    }

    /// Sends `text` by `me` in the conversation with `other` about `topic`, opened when there is
    /// none: the line an app writes for what someone did (a lesson booked, a trade closed), so the
    /// conversation tells it where both people talk. The two have a deal between them, so opening
    /// it is not a conversation with a stranger; a block still keeps it closed.
    public func say(_ text: String, about topic: ConversationTopic, by me: String, to other: String, on db: any Database) async throws {
        let text = try Self.checkedText(text, withPhoto: false)
        guard other != me else { throw ConversationError.withYourself }
        let (record, _) = try await conversation(about: topic, between: me, and: other, limited: false, on: db)
        let conversation = try await kept.conversation(try record.requireID(), groups: inboxDependencies, on: db) { try await self.toKeep(record, on: db) }
        _ = try await outgoing.submit(MessageWriter.Draft(conversation: conversation, sender: me, text: text, files: [], notifies: false), on: db)
    }

    /// Sends `text` by `me` in the conversation `id`, as `say(_:about:by:to:on:)` does: a line for
    /// what someone did in it (an appointment proposed), which its own notification tells.
    public func say(_ text: String, in id: String, by me: String, on db: any Database) async throws {
        let text = try Self.checkedText(text, withPhoto: false)
        let conversation = try await keptConversation(id, of: me, on: db)
        _ = try await outgoing.submit(MessageWriter.Draft(conversation: conversation, sender: me, text: text, files: [], notifies: false), on: db)
    }

    /// A conversation as an app that opened it keeps it: its id, the id its page goes by, and its
    /// newest message's id (0 before the first).
    public struct ConversationIDs: Sendable, Equatable {
        public let id: String
        public let webID: String
        public let lastMessageID: Int
    }

    /// The conversation between `me` and `other` about `topic`, opened without a message when
    /// there is none: for two people an app has paired (a study match), so it is not a
    /// conversation with a stranger. A block keeps it closed, as `say` does.
    public func conversationIDs(about topic: ConversationTopic, between me: String, and other: String, on db: any Database) async throws -> ConversationIDs {
        guard other != me else { throw ConversationError.withYourself }
        let (record, _) = try await conversation(about: topic, between: me, and: other, limited: false, on: db)
        return ConversationIDs(id: try record.requireID(), webID: record.webID, lastMessageID: record.lastMessageID)
    }

    /// The app's own page that holds the conversation `id` for `me` (`ConversationSubjects.chatPage`),
    /// when it is not the conversation's page.
    func chatPage(of id: String, for me: String, on db: any Database) async throws -> String? {
        let record = try await membership(id, of: me, on: db)
        return subjects.chatPage(of: record, for: me)
    }

    /// A conversation about nothing in particular, as a chat room of the lessons contract shows it.
    public struct Room: Sendable, Equatable {
        public let id: String
        public let createdAt: Date
        public let updatedAt: Date
        /// Both people, in id order.
        public let members: [String]
        public let lastMessage: Conversations.Message?
    }

    /// The conversation about nothing in particular in `app` between `me` and `other`, made
    /// when there is none (a chat room of the lessons contract).
    public func room(in app: String, between me: String, and other: String, on db: any Database) async throws -> Room {
        guard other != me else { throw ConversationError.withYourself }
        guard other.utf8.count <= 64, try await Account.find(other, on: db) != nil else { throw ConversationError.unknownSubject }
        let (record, _) = try await conversation(about: .nothingInParticular(in: app), between: me, and: other, on: db)
        return try await room(record, for: me, on: db)
    }

    /// The counters an inbox page depends on besides its account's own (`readGroup`): the apps'
    /// things and pictures, and the accounts' names.
    var inboxDependencies: [String] { subjects.readGroups + [CredentialsReadVersion.group.name] }

    /// Mine that have a message, most recent first; older than the message id `before`.
    public func inbox(of me: String, before: Int?, limit: Int, on db: any Database) async throws -> Conversations.Inbox {
        guard (1...Conversations.maxPageSize).contains(limit), before.map({ $0 > 0 }) ?? true else { throw ConversationError.invalidPaging }
        let mine = try await ConversationMember.query(on: db).filter(\.$accountID == me).all().map(\.conversationID)
        guard !mine.isEmpty else { return Conversations.Inbox(conversations: [], nextBefore: nil) }
        var query = ConversationRecord.query(on: db).filter(\.$id ~~ mine).filter(\.$lastMessageID > 0)
        if let before { query = query.filter(\.$lastMessageID < before) }
        let records = try await query.sort(\.$lastMessageID, .descending).limit(limit + 1).all()
        let shown = Array(records.prefix(limit))
        return Conversations.Inbox(conversations: try await views(shown, for: me, on: db), nextBefore: records.count > limit ? shown.last?.lastMessageID : nil)
    }

    /// Every conversation of `me` about nothing in particular in `app`, with or without
    /// messages, most recent first.
    public func rooms(in app: String, of me: String, on db: any Database) async throws -> [Room] {
        let records = try await ConversationRecord.query(on: db).filter(\.$aboutApp == app).filter(\.$aboutID == "")
            .group(.or) { $0.filter(\.$firstMember == me).filter(\.$secondMember == me) }
            .sort(\.$updatedAt, .descending).sort(\.$createdAt, .descending).all()
        var rooms: [Room] = []
        for record in records { rooms.append(try await room(record, for: me, on: db)) }
        return rooms
    }

    /// The room `id` in `app`, if `me` is in it.
    public func room(_ id: String, in app: String, for me: String, on db: any Database) async throws -> Room {
        let record = try await membership(id, of: me, on: db)
        guard record.aboutApp == app, record.topic.isNothingInParticular else { throw ConversationError.notFound }
        return try await room(record, for: me, on: db)
    }

    private func room(_ record: ConversationRecord, for me: String, on db: any Database) async throws -> Room {
        let last = try await ConversationMessage.query(on: db).filter(\.$conversationID == (try record.requireID())).shown(to: me)
            .sort(\.$id, .descending).first()
        return Room(id: try record.requireID(), createdAt: record.createdAt, updatedAt: record.updatedAt,
                    members: [record.firstMember, record.secondMember], lastMessage: last.map(Self.message))
    }

    /// The conversations about `topic` that `me` is in (its owner sees everyone who asked), most recent first.
    public func conversations(about topic: ConversationTopic, of me: String, on db: any Database) async throws -> [Conversations.Conversation] {
        let records = try await ConversationRecord.query(on: db).filter(\.$aboutApp == topic.app).filter(\.$aboutID == topic.id)
            .group(.or) { $0.filter(\.$firstMember == me).filter(\.$secondMember == me) }
            .sort(\.$lastMessageID, .descending).limit(100).all()
        return try await views(records, for: me, on: db)
    }

    public func conversation(_ id: String, for me: String, on db: any Database) async throws -> Conversations.Conversation {
        try await view(try await membership(id, of: me, on: db), for: me, on: db)
    }

    /// Newest first, older than the message id `before`.
    public func messages(in id: String, for me: String, before: Int?, limit: Int, on db: any Database) async throws -> Conversations.MessagePage {
        guard (1...Conversations.maxPageSize).contains(limit), before.map({ $0 > 0 }) ?? true else { throw ConversationError.invalidPaging }
        let record = try await membership(id, of: me, on: db)
        var query = ConversationMessage.query(on: db).filter(\.$conversationID == (try record.requireID())).shown(to: me)
        if let before { query = query.filter(\.$id < before) }
        let found = try await query.sort(\.$id, .descending).limit(limit + 1).all()
        let shown = Array(found.prefix(limit))
        return Conversations.MessagePage(messages: shown.map(Self.message), nextBefore: found.count > limit ? shown.last?.id : nil)
    }

    /// Messages sent after `date`, oldest first (the lessons contract's `cursor_date`). Times
    /// are kept to the millisecond the answers show, so a message at exactly `date` is the one
    /// the client holds already.
    public func messages(in id: String, for me: String, after date: Date?, on db: any Database) async throws -> [Conversations.Message] {
        let record = try await membership(id, of: me, on: db)
        var query = ConversationMessage.query(on: db).filter(\.$conversationID == (try record.requireID())).shown(to: me)
        if let date { query = query.filter(\.$sentAt > date.addingTimeInterval(0.0005)) }
        return try await query.sort(\.$id).all().map(Self.message)
    }

    /// Sends `text` (and at most one photo, through the image pipeline) as `me`.
    public func send(text: String, photo: Data?, in id: String, by me: String, on db: any Database) async throws -> Conversations.Message {
        let text = try Self.checkedText(text, withPhoto: photo != nil)
        let conversation = try await keptConversation(id, of: me, on: db)
        var stored: [String] = []
        if let photo { stored = try await storedPhotos([photo]) }
        do {
            return try await send(text: text, files: stored, in: conversation, by: me, on: db).message
        } catch {
            await photos.discard(stored)
            throw error
        }
    }

    /// Sends `text` with photos `me` uploaded into the conversation before (`upload`: the
    /// lessons contract uploads them first); any other path is refused.
    public func send(text: String, files: [String], in id: String, by me: String, on db: any Database) async throws -> Conversations.Message {
        let text = try Self.checkedText(text, withPhoto: !files.isEmpty)
        guard files.count <= Self.maxPhotos else { throw ConversationError.photo(.tooMany(maximum: Self.maxPhotos)) }
        let conversation = try await keptConversation(id, of: me, on: db)
        try await checkUploads(files, in: id, by: me, on: db)
        let message = try await send(text: text, files: files, in: conversation, by: me, on: db).message
        try await sent(files, on: db)
        return message
    }

    /// Marks everything in the conversation read for `me`, and tells the other side.
    public func markRead(_ id: String, by me: String, on db: any Database) async throws -> Conversations.ReadReceipt {
        let record = try await membership(id, of: me, on: db)
        let conversationID = try record.requireID()
        let upTo = record.lastMessageID
        try await db.writeTransaction { db in
            try await ConversationMember.query(on: db).filter(\.$conversationID == conversationID).filter(\.$accountID == me)
                .filter(\.$readUpTo < upTo).set(\.$readUpTo, to: upTo).update()
            try await ReadVersions.bump(Self.readGroup, accounts: [me], on: db)
        }
        // The conversation's message notifications say nothing the open conversation does not.
        try await notifications.markRead(of: me, kind: .message, link: PlatformPaths.conversation.link(record.webID), on: db)
        let receipt = Conversations.ReadReceipt(conversationID: conversationID, readerID: me, readUpTo: upTo)
        try await events.publish(.read, { _ in receipt }, to: [record.firstMember, record.secondMember], on: db)
        return receipt
    }

    /// How far `accountID` has read in the conversation `id` (a message id; 0 before any).
    public func readUpTo(of accountID: String, in id: String, on db: any Database) async throws -> Int {
        try await ConversationMember.query(on: db).filter(\.$conversationID == id).filter(\.$accountID == accountID).first()?.readUpTo ?? 0
    }

    public func report(_ id: String, by me: String, reason: String, note: String, on db: any Database) async throws -> ReportDesk.Outcome {
        let record = try await membership(id, of: me, on: db)
        let subject = ReportSubject(app: "conversations", id: try record.requireID(), path: PlatformPaths.conversation.link(record.webID))
        return try await ReportDesk(clock: clock).file(subject, by: me, reason: reason, note: note, on: db)
    }

    public func block(_ other: String, by me: String, on db: any Database) async throws {
        guard other != me else { throw ConversationError.withYourself }
        guard try await Account.find(other, on: db) != nil else { throw ConversationError.unknownSubject }
        let now = clock.now()
        try await db.writeTransaction { db in
            try await db.sql().insert(into: AccountBlock.schema).columns("blocker_id", "blocked_id", "created_at")
                .values(SQLBind(me), SQLBind(other), SQLBind(now)).ignoringConflicts(with: ["blocker_id", "blocked_id"]).run()
            try await ReadVersions.bump(Self.readGroup, accounts: [me], on: db)
        }
    }

    public func unblock(_ other: String, by me: String, on db: any Database) async throws {
        guard try await Account.find(other, on: db) != nil else { throw ConversationError.unknownSubject }
        try await db.writeTransaction { db in
            try await AccountBlock.query(on: db).filter(\.$blockerID == me).filter(\.$blockedID == other).delete()
            try await ReadVersions.bump(Self.readGroup, accounts: [me], on: db)
        }
    }

    public func hasBlocked(_ other: String, by me: String, on db: any Database) async throws -> Bool {
        try await AccountBlock.query(on: db).filter(\.$blockerID == me).filter(\.$blockedID == other).count() > 0
    }

    // MARK: - Inside

    /// `limited`: a new conversation counts against the starter's limit on conversations with
    /// strangers (`ConversationLimits`); one an app opens for a line of its own does not.
    private func conversation(about topic: ConversationTopic, between me: String, and other: String, limited: Bool = true,
                              on db: any Database) async throws -> (ConversationRecord, Bool) {
        guard try await !isBlocked(between: me, and: other, on: db) else { throw ConversationError.blocked }
        let pair = [me, other].sorted()
        let existing = {
            try await ConversationRecord.query(on: db).filter(\.$aboutApp == topic.app).filter(\.$aboutID == topic.id)
                .filter(\.$firstMember == pair[0]).filter(\.$secondMember == pair[1]).first()
        }
        if let found = try await existing() { return (found, false) }
        if limited { try await admitNewConversation(by: me, with: other, on: db) }
        let record = ConversationRecord(id: ids.objectID(), webID: ids.token(byteCount: 12), about: topic, between: me, and: other, startedBy: me,
                                        at: clock.now())
        do {
            try await db.writeTransaction { db in
                try await record.create(on: db)
                try await [ConversationMember(conversationID: record.id ?? "", accountID: me),
                           ConversationMember(conversationID: record.id ?? "", accountID: other)].create(on: db)
            }
            return (record, true)
        } catch {
            // Both opened it at the same moment: the other request's row is the conversation.
            guard (error as? any DatabaseError)?.isConstraintFailure == true, let found = try await existing() else { throw error }
            return (found, false)
        }
    }

    private func send(text: String, files: [String], in conversation: KeptConversations.Conversation, by me: String,
                      on db: any Database) async throws -> MessageWriter.Sent {
        try await outgoing.submit(MessageWriter.Draft(conversation: conversation, sender: me, text: text, files: files), on: db)
    }

    /// The conversation `id` as a message needs it, if `me` is in it. Someone else's is never
    /// read past its row, nor kept.
    private func keptConversation(_ id: String, of me: String, on db: any Database) async throws -> KeptConversations.Conversation {
        let conversation = try await kept.conversation(id, groups: inboxDependencies, on: db) {
            try await self.toKeep(try await membership(id, of: me, on: db), on: db)
        }
        guard conversation.members.contains(me) else { throw ConversationError.notFound }
        return conversation
    }

    private func toKeep(_ record: ConversationRecord, on db: any Database) async throws -> KeptConversations.Conversation {
        let members = [record.firstMember, record.secondMember]
        return KeptConversations.Conversation(id: try record.requireID(), webID: record.webID, topic: record.topic, members: members,
                                              people: try await people(members, on: db), about: try await about(record, on: db))
    }

    /// The id of the conversation whose web page is `webID`, if `me` is in it.
    public func conversationID(ofWebID webID: String, for me: String, on db: any Database) async throws -> String {
        guard webID.utf8.count <= 64, let record = try await ConversationRecord.query(on: db).filter(\.$webID == webID).first(),
              record.firstMember == me || record.secondMember == me
        else { throw ConversationError.notFound }
        return try record.requireID()
    }

    func membership(_ id: String, of me: String, on db: any Database) async throws -> ConversationRecord {
        guard id.utf8.count <= 64, let record = try await ConversationRecord.find(id, on: db),
              record.firstMember == me || record.secondMember == me
        else { throw ConversationError.notFound }
        return record
    }

    func isBlocked(between one: String, and other: String, on db: any Database) async throws -> Bool {
        try await db.sql().raw("""
            SELECT 1 AS blocked FROM \(ident: AccountBlock.schema)
            WHERE (blocker_id = \(bind: one) AND blocked_id = \(bind: other)) OR (blocker_id = \(bind: other) AND blocked_id = \(bind: one)) LIMIT 1
            """).first() != nil
    }

    static func message(_ record: ConversationMessage) -> Conversations.Message {
        Conversations.Message(id: record.id ?? 0, conversationID: record.conversationID, senderID: record.senderID, text: record.text,
                              files: record.fileList, sentAt: timestamp(record.sentAt, fractionDigits: 3))
    }

    static func toTheMillisecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// ISO 8601 with `Z`, from the nearest millisecond: PostgreSQL keeps microseconds, so a time
    /// read back may lie a hair under the one written, and the answer to a send must read as the
    /// same message read later does.
    public static func timestamp(_ date: Date, fractionDigits: Int) -> String {
        UTCTimestamp.format(Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000), fractionDigits: fractionDigits) + "Z"
    }

    /// Trimmed; 1 to 1,000 characters (empty allowed beside a photo); no control characters but
    /// line breaks and tabs.
    static func checkedText(_ text: String, withPhoto: Bool) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard withPhoto || !trimmed.isEmpty else { throw ConversationError.emptyText }
        guard trimmed.count <= Conversations.maxTextLength else { throw ConversationError.textTooLong(maximum: Conversations.maxTextLength) }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !["\n", "\r", "\t"].contains($0) }) else {
            throw ConversationError.controlCharacters
        }
        return trimmed
    }
}
