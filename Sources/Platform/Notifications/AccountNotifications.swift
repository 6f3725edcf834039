import Fluent
import Foundation
import PlatformCore
import SproutAPI
import SQLKit

public enum NotificationError: Error, Equatable {
    case unknownKind
    case invalidPaging
}

/// What happened for an account while its page was closed: kept in a list with an unread count,
/// and sent to its live streams. Any module notifies through it; each kind can be turned off.
public struct AccountNotifications: Sendable {
    /// The words a notification says, in both of the web app's languages.
    public struct Text: Sendable {
        public let ko: String
        public let en: String

        public init(ko: String, en: String) {
            self.ko = ko
            self.en = en
        }
    }

    let clock: WallClock
    let events: AccountEvents
    let pushes: PushSubscriptions

    public init(clock: WallClock, events: AccountEvents, pushes: PushSubscriptions) {
        self.clock = clock
        self.events = events
        self.pushes = pushes
    }

    /// Tells `accountID` that something happened, unless they turned `kind` off: in the list, on
    /// their live streams, and pushed to their browsers and devices when no stream shows it.
    public func notify(_ accountID: String, app: String, kind: Notifications.Kind, text: Text, link: String, on db: any Database) async throws {
        let note = Note(accountID: accountID, app: app, kind: kind, text: text, link: link)
        let stored = try await db.writeTransaction { db in try await store([note], on: try db.sql()) }
        await events.announce(stored, on: db)
    }

    /// Tells `accountID` that `actor` did something about the thing at `link`, merged with what
    /// others did about it: while the account has not read the notification of `kind` about
    /// that thing, the next person's replaces it with one that counts them all (`text(people)`:
    /// "3명이 관심을 보였어요"), and someone already counted in it, or in the one the account read
    /// last, notifies nothing (a like toggled twenty times is one notification).
    public func notify(_ accountID: String, app: String, kind: Notifications.Kind, link: String, by actor: String,
                       text: @escaping @Sendable (_ people: Int) -> Text, on db: any Database) async throws {
        let stored = try await db.writeTransaction { db -> [AccountEvents.Stored] in
            let latest = try await NotificationRecord.query(on: db).filter(\.$accountID == accountID).filter(\.$kind == kind.rawValue)
                .filter(\.$link == link).sort(\.$id, .descending).first()
            guard !(latest?.actorList.contains(actor) ?? false) else { return [] }
            var actors = [actor]
            if let latest, !latest.read {
                actors = latest.actorList + actors
                try await latest.delete(on: db)
            }
            let note = Note(accountID: accountID, app: app, kind: kind, text: text(actors.count), link: link, actors: actors)
            return try await store([note], on: try db.sql())
        }
        await events.announce(stored, on: db)
    }

    /// One notification for one account, before it is stored.
    struct Note: Sendable {
        let accountID: String
        let app: String
        let kind: Notifications.Kind
        let text: Text
        let link: String
        /// Who it counts, for a kind that merges.
        var actors: [String]?
    }

    /// Stores what `notify` sends, inside the caller's write transaction, and wakes nobody: the
    /// caller announces the live events it answers once committed, so no stream reads before
    /// they can be seen. A note whose kind its account turned off is not stored. One statement
    /// per table for all the notes (a batch of messages notifies in one go).
    /// Its statements are SQLKit's, as every message's send runs them (bench/RESULTS.md).
    func store(_ notes: [Note], on sql: any SQLDatabase) async throws -> [AccountEvents.Stored] {
        guard !notes.isEmpty else { return [] }
        struct Muted: Decodable, Hashable {
            let account_id: String
            let kind: String
        }
        let muted = Set(try await sql.select().columns("account_id", "kind").from(NotificationMute.schema)
            .where("account_id", .in, Array(Set(notes.map(\.accountID))))
            .where("kind", .in, Array(Set(notes.map(\.kind.rawValue))))
            .all(decoding: Muted.self))
        let kept = notes.filter { !muted.contains(Muted(account_id: $0.accountID, kind: $0.kind.rawValue)) }
        guard !kept.isEmpty else { return [] }
        let now = clock.now()
        var insert = sql.insert(into: NotificationRecord.schema)
            .columns("account_id", "app", "kind", "text_ko", "text_en", "link", "read", "created_at", "actors")
        for note in kept {
            let actors = try note.actors.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            insert = insert.values(SQLBind(note.accountID), SQLBind(note.app), SQLBind(note.kind.rawValue), SQLBind(note.text.ko), SQLBind(note.text.en),
                                   SQLBind(note.link), SQLBind(false), SQLBind(now), SQLBind(actors))
        }
        let ids = try InsertedRow.ids(of: try await insert.returning("id").all(decoding: InsertedRow.self), rows: kept.count)
        let records = zip(kept, ids).map { note, id in
            let record = NotificationRecord(accountID: note.accountID, app: note.app, kind: note.kind.rawValue, text: (note.text.ko, note.text.en),
                                            link: note.link, createdAt: now)
            record.id = id
            return record
        }
        let drafts = try records.flatMap { record in
            try AccountEvents.drafts(.notification, { _ in Self.item(record, english: false) }, english: { _ in Self.item(record, english: true) },
                                     for: [record.accountID])
        }
        let events = try await events.store(drafts, on: sql)
        // One tag per thing: a second message in a conversation replaces the first on the screen.
        let pushes = zip(kept, events).map { note, event in
            let push = { (text: String) in
                PushMessage(title: "Sprout", body: text, data: ["app": note.app, "kind": note.kind.rawValue, "link": note.link, "tag": note.link])
            }
            return PushSubscriptions.Push(accountID: note.accountID, message: (push(note.text.ko), push(note.text.en)), unlessSeen: event.id)
        }
        try await self.pushes.push(pushes, on: sql)
        return events
    }

    /// Newest first, `limit` at most, older than the id `before` when given.
    public func page(of accountID: String, before: Int?, limit: Int, english: Bool, on db: any Database) async throws -> Notifications.Page {
        guard (1...Conversations.maxPageSize).contains(limit), before.map({ $0 > 0 }) ?? true else { throw NotificationError.invalidPaging }
        var query = NotificationRecord.query(on: db).filter(\.$accountID == accountID)
        if let before { query = query.filter(\.$id < before) }
        let records = try await query.sort(\.$id, .descending).limit(limit + 1).all()
        let shown = records.prefix(limit)
        return Notifications.Page(notifications: shown.map { Self.item($0, english: english) },
                                  nextBefore: records.count > limit ? shown.last?.id : nil)
    }

    /// Marks every notification read, or those up to the id `upTo`; answers what is still unread.
    public func markRead(of accountID: String, upTo: Int?, on db: any Database) async throws -> Int {
        var query = NotificationRecord.query(on: db).filter(\.$accountID == accountID).filter(\.$read == false)
        if let upTo { query = query.filter(\.$id <= upTo) }
        try await query.set(\.$read, to: true).update()
        return try await unreadCount(of: accountID, on: db)
    }

    /// Marks read what `accountID` was told of `kind` leading to `link`.
    public func markRead(of accountID: String, kind: Notifications.Kind, link: String, on db: any Database) async throws {
        try await NotificationRecord.query(on: db).filter(\.$accountID == accountID).filter(\.$read == false)
            .filter(\.$kind == kind.rawValue).filter(\.$link == link).set(\.$read, to: true).update()
    }

    public func unreadCount(of accountID: String, on db: any Database) async throws -> Int {
        try await NotificationRecord.query(on: db).filter(\.$accountID == accountID).filter(\.$read == false).count()
    }

    public func settings(of accountID: String, on db: any Database) async throws -> Notifications.Settings {
        let muted = Set(try await NotificationMute.query(on: db).filter(\.$accountID == accountID).all().map(\.kind))
        return Notifications.Settings(kinds: Notifications.Kind.allCases.map { .init(kind: $0.rawValue, enabled: !muted.contains($0.rawValue)) })
    }

    public func set(_ kind: String, enabled: Bool, for accountID: String, on db: any Database) async throws -> Notifications.Settings {
        guard let kind = Notifications.Kind(rawValue: kind) else { throw NotificationError.unknownKind }
        let existing = NotificationMute.query(on: db).filter(\.$accountID == accountID).filter(\.$kind == kind.rawValue)
        if enabled {
            try await existing.delete()
        } else if try await existing.count() == 0 {
            try await db.sql().insert(into: NotificationMute.schema).columns("account_id", "kind")
                .values(SQLBind(accountID), SQLBind(kind.rawValue)).ignoringConflicts(with: ["account_id", "kind"]).run()
        }
        return try await settings(of: accountID, on: db)
    }

    static func item(_ record: NotificationRecord, english: Bool) -> Notifications.Item {
        Notifications.Item(id: record.id ?? 0, app: record.app, kind: record.kind, text: english ? record.textEn : record.textKo,
                           link: record.link, read: record.read, createdAt: Messenger.timestamp(record.createdAt, fractionDigits: 0))
    }
}
