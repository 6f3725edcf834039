import Fluent
import Foundation
import NIOConcurrencyHelpers
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

    private let postgresURL: String?
    private let subscribers = NIOLockedValueBox<[String: [UUID: AsyncStream<String>.Continuation]]>([:])
    private let listening = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let database = NIOLockedValueBox<(@Sendable () -> any Database)?>(nil)

    public init(storage: SproutConfig.Storage) {
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
        let channels = subscribers.withLockedValue { Array($0.keys) }
        guard !channels.isEmpty else { return }
        let logger = application.logger
        listening.withLockedValue { $0 = Task { await self.listen(to: channels, url: postgresURL, logger: logger) } }
    }

    public func stop() async {
        listening.withLockedValue { $0 }?.cancel()
        // Finished outside the lock: a stream's termination handler takes the lock itself.
        let open = subscribers.withLockedValue { channels in
            defer { channels = [:] }
            return channels.values.flatMap(\.values)
        }
        for continuation in open { continuation.finish() }
    }

    /// Holds a connection that listens on every channel; after a drop, connects again a second later.
    private func listen(to channels: [String], url: String, logger: Logger) async {
        while !Task.isCancelled {
            do {
                let configuration = try SQLPostgresConfiguration(url: url)
                let connection = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 1, logger: logger)
                defer { Task { try? await connection.close() } }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for channel in channels {
                        group.addTask {
                            try await connection.listen(on: channel) { notifications in
                                for try await notification in notifications { self.deliver(channel, notification.payload) }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("instance broadcast: listening stopped, reconnecting: \(String(describing: error))")
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func deliver(_ channel: String, _ payload: String) {
        for continuation in subscribers.withLockedValue({ Array(($0[channel] ?? [:]).values) }) {
            continuation.yield(payload)
        }
    }
}
