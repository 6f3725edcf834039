import Fluent
import Foundation
import NIOConcurrencyHelpers
import PlatformCore
import SQLKit
import Vapor

/// Pushes wait here until a background delivery sends them, so no request waits on a push
/// provider's HTTP call: a module enqueues a message for a device token inside the request
/// (one row), and the delivery sends it at once, then again with back-off while the provider
/// answers "later", up to `maxAttempts`. A token the provider calls dead goes back to the module
/// that stored it (`onDeadToken`). Each instance delivers; a row is claimed before it is sent,
/// so two instances never send it twice.
///
/// A notification's pushes (`PushSubscriptions`) also go to browsers, and wait a few seconds
/// first: if a live stream showed the notification meanwhile (`AccountEvents.markSeen`), the
/// person has seen it and nothing is pushed.
public final class PushOutbox: ModuleService, Sendable {
    public let name = "push delivery"
    public static let maxAttempts = 8
    /// How long a claimed row stays with the instance sending it before another may try.
    static let claim: TimeInterval = 60

    let sender: any PushSender
    let browsers: any BrowserPushSender
    let clock: WallClock
    private let deadTokenHandlers = NIOLockedValueBox<[String: @Sendable (String, any Database) async -> Void]>([:])
    private let wake = NIOLockedValueBox<AsyncStream<Void>.Continuation?>(nil)
    private let delivering = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// Entries this process claimed and has not settled yet.
    private let inFlight = NIOLockedValueBox(0)

    public init(sender: any PushSender, browsers: any BrowserPushSender, clock: WallClock) {
        self.sender = sender
        self.browsers = browsers
        self.clock = clock
    }

    /// Called with a token the provider says will never work again, for `app` to forget it.
    public func onDeadToken(app: String, _ handler: @escaping @Sendable (_ token: String, _ db: any Database) async -> Void) {
        deadTokenHandlers.withLockedValue { $0[app] = handler }
    }

    public func enqueue(_ message: PushMessage, to token: String, app: String, on db: any Database) async throws {
        try await enqueue(PushOutboxEntry(app: app, token: token, message: message, now: clock.now()), on: db)
    }

    func enqueue(_ entry: PushOutboxEntry, on db: any Database) async throws {
        try await enqueue([entry], on: try db.sql())
    }

    /// Queues `entries` in one statement, inside the caller's transaction when there is one.
    func enqueue(_ entries: [PushOutboxEntry], on sql: any SQLDatabase) async throws {
        guard !entries.isEmpty else { return }
        var insert = sql.insert(into: PushOutboxEntry.schema)
            .columns("app", "token", "title", "body", "data", "sound", "attempts", "next_attempt_at", "created_at", "channel", "unless_seen")
        for entry in entries {
            insert = insert.values(SQLBind(entry.app), SQLBind(entry.token), SQLBind(entry.title), SQLBind(entry.body), SQLBind(entry.data),
                                   SQLBind(entry.sound), SQLBind(entry.attempts), SQLBind(entry.nextAttemptAt), SQLBind(entry.createdAt),
                                   SQLBind(entry.channel), SQLBind(entry.unlessSeen))
        }
        try await insert.run()
        _ = wake.withLockedValue { $0?.yield() }
    }

    /// Sends every entry that is due now, once each, and returns once every send this process
    /// had begun is settled too (the background delivery's included), so the caller sees their
    /// outcomes; answers how many this call sent to the provider.
    @discardableResult
    public func deliverDue(on db: any Database, logger: Logger = Logger(label: "sprout.push")) async -> Int {
        let now = clock.now()
        let due: [PushOutboxEntry]
        do {
            due = try await PushOutboxEntry.query(on: db).filter(\.$nextAttemptAt <= now).sort(\.$id).limit(100).all()
        } catch {
            logger.warning("push outbox unreadable: \(String(reflecting: error))")
            return 0
        }
        var sent = 0
        for entry in due {
            inFlight.withLockedValue { $0 += 1 }
            do {
                if try await claim(entry, now: now, on: db) {
                    if let outcome = try await send(entry, on: db) {
                        sent += 1
                        try await settle(entry, outcome, now: now, on: db, logger: logger)
                    } else {
                        try await entry.delete(on: db)
                    }
                }
            } catch {
                logger.warning("push outbox entry not settled: \(String(reflecting: error))")
            }
            inFlight.withLockedValue { $0 -= 1 }
        }
        while inFlight.withLockedValue({ $0 }) > 0 {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return sent
    }

    public func start(on application: Application) async throws {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        wake.withLockedValue { $0 = continuation }
        let (db, logger) = (application.db, application.logger)
        delivering.withLockedValue { $0 = Task { [weak self] in
            // Woken by each enqueue, and every second for pushes held for a live stream and
            // retries that came due.
            let ticker = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    continuation.yield()
                }
            }
            for await _ in stream {
                guard let self else { break }
                await self.deliverDue(on: db, logger: logger)
            }
            ticker.cancel()
        } }
    }

    public func stop() async {
        wake.withLockedValue { $0?.finish() }
        // Awaited: a delivery still reading when the database closes behind it fails (and a
        // debug build traps on its unfulfilled promise).
        let delivery = delivering.withLockedValue { $0 }
        delivery?.cancel()
        await delivery?.value
        await browsers.shutdown()
    }

    /// Sends the entry to its device or browser; nil when there is nothing to send any more: its
    /// notification was seen live, or the browser unsubscribed.
    private func send(_ entry: PushOutboxEntry, on db: any Database) async throws -> PushOutcome? {
        if let event = entry.unlessSeen, try await AccountEventRecord.query(on: db).filter(\.$id == event).filter(\.$seen == true).count() > 0 {
            return nil
        }
        switch entry.channel {
        case PushOutboxEntry.Channel.web.rawValue:
            guard let subscription = try await PushSubscriptionRecord.query(on: db).filter(\.$address == entry.token).first(),
                  let p256dh = subscription.p256dh, let auth = subscription.auth
            else { return nil }
            return await browsers.send(entry.message, to: BrowserSubscription(endpoint: subscription.address, p256dh: p256dh, auth: auth))
        default:
            return await sender.send(entry.message, to: entry.token)
        }
    }

    /// Moves the entry's next attempt past the claim, if no other instance did first.
    private func claim(_ entry: PushOutboxEntry, now: Date, on db: any Database) async throws -> Bool {
        let claimed = try await db.sql().raw("""
            UPDATE push_outbox SET attempts = attempts + 1, next_attempt_at = \(bind: now.addingTimeInterval(Self.claim))
            WHERE id = \(bind: try entry.requireID()) AND attempts = \(bind: entry.attempts) RETURNING id
            """).all()
        entry.attempts += 1
        return claimed.count == 1
    }

    private func settle(_ entry: PushOutboxEntry, _ outcome: PushOutcome, now: Date, on db: any Database, logger: Logger) async throws {
        switch outcome {
        case let .retryLater(after) where entry.attempts < Self.maxAttempts:
            // 5 s, 10 s, 20 s … up to an hour, or later when the provider asked for more.
            let backoff = min(5 * pow(2, Double(entry.attempts - 1)), 3600)
            entry.nextAttemptAt = now.addingTimeInterval(max(backoff, after ?? 0))
            try await entry.save(on: db)
            return
        case .retryLater:
            logger.warning("push given up after \(Self.maxAttempts) attempts", metadata: ["app": .string(entry.app)])
        case .dropToken:
            if let handler = deadTokenHandlers.withLockedValue({ $0[entry.app] }) { await handler(entry.token, db) }
        case .sent, .failed:
            break
        }
        try await entry.delete(on: db)
    }
}

/// One push waiting to be sent (`PushOutbox`).
final class PushOutboxEntry: Model, @unchecked Sendable {
    static let schema = "push_outbox"

    /// Where `token` leads: a device token of the configured provider, or a browser
    /// subscription's endpoint.
    enum Channel: String {
        case device
        case web
    }

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "app") var app: String
    @Field(key: "token") var token: String
    @Field(key: "title") var title: String
    @Field(key: "body") var body: String
    /// The message's data, as a JSON object of strings.
    @Field(key: "data") var data: String
    @OptionalField(key: "sound") var sound: String?
    @Field(key: "attempts") var attempts: Int
    @Field(key: "next_attempt_at") var nextAttemptAt: Date
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "channel") var channel: String
    /// An account event: when a live stream has shown it by the time this is due, the push is dropped.
    @OptionalField(key: "unless_seen") var unlessSeen: Int?

    init() {}

    init(app: String, token: String, message: PushMessage, now: Date, channel: Channel = .device, unlessSeen: Int? = nil, due: Date? = nil) {
        self.app = app
        self.token = token
        self.channel = channel.rawValue
        self.unlessSeen = unlessSeen
        title = message.title
        body = message.body
        data = String(decoding: (try? JSONEncoder().encode(message.data)) ?? Data("{}".utf8), as: UTF8.self)
        sound = message.sound
        attempts = 0
        nextAttemptAt = due ?? now
        createdAt = now
    }

    var message: PushMessage {
        PushMessage(title: title, body: body, data: (try? JSONDecoder().decode([String: String].self, from: Data(data.utf8))) ?? [:], sound: sound)
    }
}
