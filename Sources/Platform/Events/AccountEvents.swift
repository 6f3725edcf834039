import Fluent
import Foundation
import NIOConcurrencyHelpers
import PlatformCore
import SproutAPI
import SQLKit
import Synchronization
import Vapor

/// The live events of each account (`GET /api/events`): a message, a read receipt, a
/// notification. Every event is stored first, with an increasing id, and then every instance is
/// told that the account has news (`InstanceBroadcast`: PostgreSQL `NOTIFY`); each stream then
/// reads what is newer than the last id it sent. A client that reconnects with `Last-Event-ID`
/// is a stream that starts from that id, so a dropped connection loses nothing kept.
public final class AccountEvents: ModuleService, Sendable {
    public let name = "account events"
    /// Events are kept at least this long for reconnecting clients.
    public static let retention: TimeInterval = 48 * 60 * 60
    /// Open streams one account may hold on an instance (tabs and devices); one more ends the oldest.
    public static let maxStreamsPerAccount = 32
    static let channel = "sprout_account_events"
    /// The first key of the PostgreSQL advisory locks that keep an account's events in order.
    static let orderLock = 0x5370_0001
    /// Well inside `PushSubscriptions.liveGrace`, so a mark is written before the push looks.
    static let seenFlushInterval = Duration.milliseconds(250)

    /// One event, as a stream writes it.
    public struct Event: Sendable, Equatable {
        public let id: Int
        public let name: String
        public let data: String
    }

    private struct StoredRow: Decodable {
        let id: Int
        let name: String
        let data: String
        let data_en: String?
    }

    private let broadcast: InstanceBroadcast
    /// Ends a stream when the access that opened it ends.
    private let access: LiveAccessWatch
    /// This instance, in what it broadcasts: it wakes its own streams itself.
    private let instance = UUID().uuidString
    private let clock: WallClock
    private let logger = Logger(label: "sprout.events")
    private let news: AsyncStream<String>
    private let heartbeat: Duration
    /// Each account's open streams, oldest first.
    private let streams = NIOLockedValueBox<[String: [LiveStream]]>([:])
    private let relay = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let heartbeats = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let pruning = NowAndThen(every: 3600)
    private let seen = NIOLockedValueBox<[Int]>([])
    private let seenFlush = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let reads = NIOLockedValueBox<(underWay: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))
    /// The application's database, once started: where streams read and seen marks are written.
    private let database = NIOLockedValueBox<(any Database)?>(nil)

    /// `heartbeat`: how often every stream is woken to write a keep-alive, often enough that
    /// proxies and the idle timeout (`SPROUT_IDLE_TIMEOUT`) keep it, and that a client gone away
    /// is noticed by the write that fails.
    public init(broadcast: InstanceBroadcast, access: LiveAccessWatch, clock: WallClock, heartbeat: Duration = .seconds(20)) {
        self.broadcast = broadcast
        self.access = access
        self.clock = clock
        self.heartbeat = heartbeat
        // Subscribed now: the broadcast listens only to channels subscribed before it starts.
        news = broadcast.subscribe(Self.channel)
    }

    /// Stores `data` as one event for each of `accounts` and wakes their streams on every
    /// instance. `english` is the same event for a stream read in English, where text differs.
    /// Answers each account's event id.
    @discardableResult
    public func publish<Payload: Encodable>(_ name: LiveEvents.Name, _ data: (String) -> Payload, english: ((String) -> Payload)? = nil,
                                         to accounts: [String], on db: any Database) async throws -> [String: Int] {
        let drafts = try Self.drafts(name, data, english: english, for: accounts)
        let stored = try await db.writeTransaction { db in try await self.store(drafts, on: try db.sql()) }
        await announce(stored, on: db)
        return Dictionary(stored.map { ($0.draft.account, $0.id) }) { first, _ in first }
    }

    /// One event for one account, as it is stored: its `data:` in Korean and, where it differs,
    /// English.
    struct Draft: Sendable {
        let account: String
        let name: LiveEvents.Name
        let data: String
        let dataEn: String?
    }

    /// `data` as one event for each of `accounts`, in account order.
    static func drafts<Payload: Encodable>(_ name: LiveEvents.Name, _ data: (String) -> Payload, english: ((String) -> Payload)?,
                                           for accounts: [String]) throws -> [Draft] {
        let encoder = WireJSON.encoder()
        return try Set(accounts).sorted().map { account in
            Draft(account: account, name: name, data: String(decoding: try encoder.encode(data(account)), as: UTF8.self),
                  dataEn: try english.map { String(decoding: try encoder.encode($0(account)), as: UTF8.self) })
        }
    }

    /// An event as stored: its id, and the id of the account's event before it (0 for none),
    /// so that a stream that has written exactly that one can write this one without reading it
    /// back.
    struct Stored: Sendable {
        let draft: Draft
        let id: Int
        let previous: Int

        func event(english: Bool) -> Event {
            Event(id: id, name: draft.name.rawValue, data: english ? draft.dataEn ?? draft.data : draft.data)
        }
    }

    private struct InsertedEvent: Decodable {
        let id: Int
        let previous: Int?
    }

    /// Stores `drafts` in one statement, inside the caller's write transaction, and answers them
    /// stored, in the drafts' order; an account's events are seen in that order.
    ///
    /// A stream reads what is newer than the last id it wrote, so each account's events must
    /// become visible in id order. SQLite's one writer gives that. On PostgreSQL an id is taken at
    /// insert and seen at commit, so a transaction holds each recipient's lock (taken in account
    /// order, so two transactions never wait on each other crosswise) until it commits. Under
    /// that lock, the event before each account's first one here is the newest already stored;
    /// the later ones follow their own.
    func store(_ drafts: [Draft], on sql: any SQLDatabase) async throws -> [Stored] {
        guard !drafts.isEmpty else { return [] }
        if sql.dialect.name == "postgresql" {
            for account in Set(drafts.map(\.account)).sorted() {
                try await sql.raw("SELECT pg_advisory_xact_lock(CAST(\(bind: Self.orderLock) AS integer), hashtext(\(bind: account)))").run()
            }
        }
        let now = clock.now()
        let rows = SQLList(drafts.map { draft in
            SQLGroupExpression([SQLBind(draft.account), SQLBind(draft.name.rawValue), SQLBind(draft.data), SQLBind(draft.dataEn), SQLBind(now), SQLBind(false)])
        })
        let inserted = try InsertedRow.inListedOrder(try await sql.raw("""
            INSERT INTO \(ident: AccountEventRecord.schema) (account_id, name, data, data_en, created_at, seen) VALUES \(rows)
            RETURNING id, (SELECT MAX(e.id) FROM \(ident: AccountEventRecord.schema) e
                           WHERE e.account_id = \(ident: AccountEventRecord.schema).account_id AND e.id < \(ident: AccountEventRecord.schema).id) AS previous
            """).all(decoding: InsertedEvent.self), rows: drafts.count, id: \.id)
        var latest: [String: Int] = [:]
        return zip(drafts, inserted).map { draft, row in
            defer { latest[draft.account] = row.id }
            return Stored(draft: draft, id: row.id, previous: latest[draft.account] ?? row.previous ?? 0)
        }
    }

    /// Announces events just committed to the streams of their accounts on every instance. A
    /// stream of this instance that has written the event before them writes them as they are,
    /// without reading them back; any other stream reads. What it announces is committed
    /// already, so a failure here is logged, not thrown: the streams read it with their
    /// account's next news, or a client reconnecting with `Last-Event-ID`.
    func announce(_ stored: [Stored], on db: any Database) async {
        let byAccount = Dictionary(grouping: stored, by: \.draft.account)
        let open = streams.withLockedValue { open in byAccount.keys.flatMap { open[$0] ?? [] } }
        if !open.isEmpty, let database = database.withLockedValue({ $0 }) {
            for stream in open {
                stream.deliver(byAccount[stream.accountID] ?? [], self, on: database) { [weak self] in self?.forget($0) }
            }
        }
        await tellOtherInstances(Set(byAccount.keys), on: db)
    }

    /// Tells the other instances sharing the database that `accounts` have news (PostgreSQL's
    /// `NOTIFY`), tagged with this instance, whose streams know already.
    private func tellOtherInstances(_ accounts: Set<String>, on db: any Database) async {
        guard !accounts.isEmpty else { return }
        do {
            try await broadcast.publish(Self.channel, instance + " " + accounts.sorted().joined(separator: ","), on: db)
            try await pruneNowAndThen(on: db, now: clock.now())
        } catch {
            logger.warning("Could not announce live events: \(String(reflecting: error))")
        }
    }

    /// Notes that a live stream showed these events, so the pushes waiting on them are dropped.
    /// Written every `seenFlushInterval` for every stream together: a push waits
    /// `PushSubscriptions.liveGrace` before it looks, and a commit per stream and event would
    /// queue behind the sends on SQLite's one writer.
    func markSeen(_ ids: [Int]) {
        guard !ids.isEmpty else { return }
        seen.withLockedValue { $0.append(contentsOf: ids) }
    }

    /// Writes the seen marks gathered since the last time.
    func flushSeen(on db: any Database) async throws {
        let ids = seen.withLockedValue { pending in
            defer { pending = [] }
            return pending
        }
        guard !ids.isEmpty else { return }
        do {
            try await db.writeTransaction { db in
                for chunk in stride(from: 0, to: ids.count, by: 1000).map({ Array(ids[$0..<min($0 + 1000, ids.count)]) }) {
                    try await db.sql().update(AccountEventRecord.schema).set("seen", to: true).where("id", .in, chunk).run()
                }
            }
        } catch {
            seen.withLockedValue { $0.append(contentsOf: ids) }
            throw error
        }
    }

    /// The newest event id of `accountID`: where a stream without `Last-Event-ID` starts.
    public func latestID(of accountID: String, on db: any Database) async throws -> Int {
        struct Newest: Decodable { let id: Int? }
        return try await db.sql().select().column(SQLFunction("MAX", args: SQLColumn("id")), as: "id").from(AccountEventRecord.schema)
            .where("account_id", .equal, accountID).first(decoding: Newest.self)?.id ?? 0
    }

    /// How many events one read of a stream writes at most.
    public static let readLimit = 100

    /// The events of `accountID` after `id`, oldest first, at most `limit`.
    public func events(of accountID: String, after id: Int, limit: Int = readLimit, english: Bool, on db: any Database) async throws -> [Event] {
        try await db.sql().select().columns("id", "name", "data", "data_en").from(AccountEventRecord.schema)
            .where("account_id", .equal, accountID).where("id", .greaterThan, id)
            .orderBy("id").limit(limit).all(decoding: StoredRow.self)
            .map { Event(id: $0.id, name: $0.name, data: english ? $0.data_en ?? $0.data : $0.data) }
    }

    /// Serves `stream` from now on: its opening lines, then what came since its cursor, then
    /// each news and heartbeat. An account holds at most `maxStreamsPerAccount` streams: one more
    /// ends the oldest, which is most likely a page already closed or reloaded (Vapor tells a
    /// streaming body that its client left only when a write fails, at the next heartbeat), so a
    /// reload is never refused.
    func open(_ stream: LiveStream) async {
        do {
            try await stream.begin()
        } catch {
            stream.end(.error(error))
            return
        }
        let oldest = streams.withLockedValue { open -> LiveStream? in
            open[stream.accountID, default: []].append(stream)
            guard open[stream.accountID, default: []].count > Self.maxStreamsPerAccount else { return nil }
            return open[stream.accountID]?.removeFirst()
        }
        access.hold(stream.grant, key: stream.id.uuidString) { [weak self] in
            stream.end()
            self?.forget(stream)
        }
        if let oldest {
            oldest.end()
            access.release(oldest.id.uuidString)
        }
        wake(stream)
    }

    private func wake(_ stream: LiveStream) {
        guard let db = database.withLockedValue({ $0 }) else {
            stream.end()
            forget(stream)
            return
        }
        stream.wake(self, on: db) { [weak self] in self?.forget($0) }
    }

    /// Counts a stream's read, so that `stop` can wait for the reads under way: the database
    /// closes after the services, and a read still running then fails (a debug build traps on
    /// its unfulfilled promise).
    func readBegan() {
        reads.withLockedValue { $0.underWay += 1 }
    }

    func readEnded() {
        let waiting = reads.withLockedValue { reads -> [CheckedContinuation<Void, Never>] in
            reads.underWay -= 1
            guard reads.underWay == 0 else { return [] }
            defer { reads.waiting = [] }
            return reads.waiting
        }
        for waiter in waiting { waiter.resume() }
    }

    private func readsEnded() async {
        await withCheckedContinuation { waiter in
            let idle = reads.withLockedValue { reads -> Bool in
                guard reads.underWay > 0 else { return true }
                reads.waiting.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }

    private func forget(_ stream: LiveStream) {
        access.release(stream.id.uuidString)
        streams.withLockedValue { open in
            open[stream.accountID]?.removeAll { $0 === stream }
            if open[stream.accountID]?.isEmpty == true { open[stream.accountID] = nil }
        }
    }

    /// Whether this instance holds a live stream of `accountID`.
    public func isStreaming(to accountID: String) -> Bool {
        streams.withLockedValue { !($0[accountID]?.isEmpty ?? true) }
    }

    /// How many streams this instance holds for `accountID`.
    func streamCount(of accountID: String) -> Int {
        streams.withLockedValue { $0[accountID]?.count ?? 0 }
    }

    public func start(on application: Application) async throws {
        let news = self.news
        let instance = self.instance
        relay.withLockedValue { $0 = Task { [weak self] in
            for await news in news {
                let (from, accounts) = (news.prefix { $0 != " " }, news.drop { $0 != " " }.dropFirst())
                guard from != instance else { continue }
                self?.wake(accounts.split(separator: ",").map(String.init))
            }
        } }
        let db = application.db
        database.withLockedValue { $0 = db }
        let logger = self.logger
        seenFlush.withLockedValue { $0 = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.seenFlushInterval)
                do { try await self?.flushSeen(on: db) } catch { logger.warning("Could not mark events seen: \(String(reflecting: error))") }
            }
        } }
        // One timer for every stream: a task each would cost every idle stream its own memory.
        let heartbeat = self.heartbeat
        heartbeats.withLockedValue { $0 = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                self?.beat()
            }
        } }
    }

    public func stop() async {
        relay.withLockedValue { $0 }?.cancel()
        heartbeats.withLockedValue { $0 }?.cancel()
        let open = streams.withLockedValue { open in
            defer { open = [:] }
            return open.values.flatMap { $0 }
        }
        for stream in open {
            stream.end()
            access.release(stream.id.uuidString)
        }
        await readsEnded()
        // Awaited, then written once more: a write still under way when the database closes
        // behind it fails, and a mark left unwritten lets a push follow what a stream showed.
        let flush = seenFlush.withLockedValue { $0 }
        flush?.cancel()
        await flush?.value
        if let db = database.withLockedValue({ $0 }) {
            do { try await flushSeen(on: db) } catch { logger.warning("Could not mark events seen: \(String(reflecting: error))") }
        }
    }

    /// Wakes the streams of `accounts` on this instance to read their news.
    func wake(_ accounts: [String]) {
        for stream in streams.withLockedValue({ open in accounts.flatMap { open[$0] ?? [] } }) { wake(stream) }
    }

    /// Wakes every stream of this instance to write its keep-alive, and nothing more: thousands of
    /// idle streams reading the database at the same beat would be thousands of queries at once.
    func beat() {
        for stream in streams.withLockedValue({ $0.values.flatMap { $0 } }) { stream.beat { [weak self] in self?.forget($0) } }
    }

    /// Deletes events older than the retention, at most once an hour, from whichever request
    /// publishes then: no timer to run, and a quiet server keeps what it has.
    private func pruneNowAndThen(on db: any Database, now: Date) async throws {
        guard pruning.isDue(at: now) else { return }
        try await db.writeTransaction { db in
            try await AccountEventRecord.query(on: db).filter(\.$createdAt < now.addingTimeInterval(-Self.retention)).delete()
        }
    }
}
