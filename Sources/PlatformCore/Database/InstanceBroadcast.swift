import Fluent
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import FluentPostgresDriver
import PostgresNIO
import SQLKit
import Vapor

/// Tells every Sprout instance that shares the database about an event, such as a chat message
/// for a socket another instance holds. With PostgreSQL it is `NOTIFY` on the database and
/// `LISTEN` on a connection of its own (reconnected after a drop); with SQLite there is one
/// instance, and an event goes straight to this process's subscribers.
///
/// Channels are fixed at start-up: modules subscribe while they are built, and `start` listens
/// for the channels subscribed by then.
public final class InstanceBroadcast: ModuleService, Sendable {
    public let name = "instance broadcast"
    /// PostgreSQL's limit for a notification's payload, less room for the channel name.
    public static let maxPayload = 7900
    /// The listening connection's `application_name`, by which an operator finds it in `pg_stat_activity`.
    public static let listenerName = "sprout instance broadcast"

    private let postgresURL: String?
    private let subscribers = NIOLockedValueBox<[String: [UUID: AsyncStream<String>.Continuation]]>([:])
    private let followers = NIOLockedValueBox<[any ChannelFollower]>([])
    private let listening = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let database = NIOLockedValueBox<(@Sendable () -> any Database)?>(nil)
    private let listeningConnection = NIOLockedValueBox<PostgresConnection?>(nil)
    /// The listening connections' own thread: on the event loops that serve requests, a catch-up
    /// notice (`ListenedReadVersions`) waited behind them, and every read waited for the notice.
    /// One for the process and never shut down, like NIO's singletons: a connection's last work (a
    /// close, a follower's late notice) may come after `stop`, and work scheduled on a loop that
    /// has shut down is dropped, its promise leaked, which a debug build traps on.
    private static let listenerThread = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    public init(storage: DatabaseStorage) {
        if case let .postgres(url) = storage { postgresURL = url } else { postgresURL = nil }
    }

    /// The events published on `channel` by any instance, this one included.
    public func subscribe(_ channel: String) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1000))
        let id = UUID()
        subscribers.withLockedValue { $0[channel, default: [:]][id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.subscribers.withLockedValue { $0[channel]?[id] = nil } }
        return stream
    }

    /// Passes everything heard on `follower`'s channels to it, in order and in step with the
    /// listening connection: told when a connection listens on them and when one stops, so that
    /// it can read again what it may have missed.
    public func follow(with follower: any ChannelFollower) {
        followers.withLockedValue { $0.append(follower) }
    }

    /// Sends `payload` (at most `maxPayload` bytes) to every instance's subscribers of `channel`.
    /// With `db` it goes out on that connection: inside a transaction, PostgreSQL delivers it when
    /// the transaction commits (never before the rows it announces can be read), and a caller
    /// holding a connection never waits for a second one.
    public func publish(_ channel: String, _ payload: String, on db: (any Database)? = nil) async throws {
        guard payload.utf8.count <= Self.maxPayload else { throw Abort(.payloadTooLarge, reason: "A broadcast payload is limited to \(Self.maxPayload) bytes.") }
        guard postgresURL != nil, let db = db ?? database.withLockedValue({ $0 })?(), let sql = db as? any SQLDatabase else {
            deliver(channel, payload)
            return
        }
        try await sql.raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }

    public func start(on application: Application) async throws {
        database.withLockedValue { $0 = { application.db } }
        guard let postgresURL else { return }
        let channels = subscribers.withLockedValue { $0.keys.sorted() }
        let followers = followers.withLockedValue { $0 }
        guard !channels.isEmpty || !followers.isEmpty else { return }
        let logger = application.logger
        listening.withLockedValue { $0 = Task { await self.listen(to: channels, followers: followers, url: postgresURL, logger: logger) } }
    }

    /// Returns once the listening connection is closed.
    public func stop() async {
        let task = listening.withLockedValue { $0 }
        task?.cancel()
        try? await listeningConnection.withLockedValue({ $0 })?.close()
        await task?.value
        for follower in followers.withLockedValue({ $0 }) { follower.stopped() }
        // Finished outside the lock: a stream's termination handler takes the lock itself.
        let open = subscribers.withLockedValue { channels in
            defer { channels = [:] }
            return channels.values.flatMap(\.values)
        }
        for continuation in open { continuation.finish() }
    }

    /// Holds a connection that listens on every channel; after a drop, connects again a second later.
    private func listen(to channels: [String], followers: [any ChannelFollower], url: String, logger: Logger) async {
        while !Task.isCancelled {
            do {
                var configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
                configuration.options.additionalStartupParameters.append(("application_name", Self.listenerName))
                let connection = try await PostgresConnection.connect(on: Self.listenerThread.next(), configuration: configuration, id: 1, logger: logger)
                // Set before cancellation is checked, and `stop` cancels before it reads: either
                // this sees the cancellation or `stop` sees the connection and closes it.
                listeningConnection.withLockedValue { $0 = connection }
                do {
                    if !Task.isCancelled { try await hear(channels, followers: followers, on: connection, logger: logger) }
                } catch {
                    if !Task.isCancelled { logger.warning("instance broadcast: listening stopped, reconnecting: \(String(describing: error))") }
                }
                listeningConnection.withLockedValue { $0 = nil }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                logger.warning("instance broadcast: could not connect to listen, retrying: \(String(describing: error))")
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Listens on `connection` until it closes.
    private func hear(_ channels: [String], followers: [any ChannelFollower], on connection: PostgresConnection, logger: Logger) async throws {
        let hangUp: @Sendable () -> Void = { Task { try? await connection.close() } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for follower in followers {
                group.addTask { try await self.follow(follower, on: connection, hangUp: hangUp, logger: logger) }
            }
            for channel in channels {
                group.addTask {
                    try await connection.listen(on: channel) { notifications in
                        for try await notification in notifications { self.deliver(channel, notification.payload) }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// A follower hears each notification on the connection's event loop, as it is read: passed
    /// through a task instead, it could wait behind busy request handlers, and a read answered
    /// meanwhile would not know of a change already committed.
    private func follow(_ follower: any ChannelFollower, on connection: PostgresConnection,
                        hangUp: @escaping @Sendable () -> Void, logger: Logger) async throws {
        defer { follower.stopped() }
        let listeners = follower.channels.map { channel in
            connection.addListener(channel: channel) { _, notification in follower.heard(notification.payload) }
        }
        defer { for listener in listeners { listener.stop() } }
        // The connection runs its commands in order: once this answers, its `LISTEN`s have.
        _ = try await connection.query("SELECT 1", logger: logger)
        // On the listening connection, which has nothing else to do; nothing a notice announces
        // needs to survive a crash, so its commit does not wait for the disk.
        let announce: @Sendable (String, String) async throws -> Void = { channel, payload in
            _ = try await connection.query("SELECT set_config('synchronous_commit', 'off', true), pg_notify(\(channel), \(payload))", logger: logger)
        }
        try await follower.listening(on: { try self.databaseForFollowers() }, announce: announce, hangUp: hangUp)
        try await withTaskCancellationHandler {
            try await connection.closeFuture.get()
        } onCancel: {
            hangUp()
        }
    }

    private func databaseForFollowers() throws -> any Database {
        guard let database = database.withLockedValue({ $0 }) else { throw Abort(.serviceUnavailable, reason: "The instance broadcast has not started.") }
        return database()
    }

    private func deliver(_ channel: String, _ payload: String) {
        for continuation in subscribers.withLockedValue({ Array(($0[channel] ?? [:]).values) }) {
            continuation.yield(payload)
        }
    }
}

/// Follows channels of an `InstanceBroadcast` in step with its listening connection.
public protocol ChannelFollower: Sendable {
    /// The channels it hears; read once, when the broadcast starts.
    var channels: [String] { get }
    /// A connection now listens on the channels, and what it heard since has been passed: `database`
    /// reads what may have been missed before. `announce` notifies a channel from that connection;
    /// `hangUp` ends it (it is then opened again), for a follower that stops trusting it.
    func listening(on database: @escaping @Sendable () throws -> any Database,
                   announce: @escaping @Sendable (_ channel: String, _ payload: String) async throws -> Void,
                   hangUp: @escaping @Sendable () -> Void) async throws
    func heard(_ payload: String)
    /// The connection stopped listening: whatever is heard until the next `listening` is lost.
    func stopped()
}
