import Fluent
import NIOConcurrencyHelpers
import NIOPosix
import SQLKit
import Vapor

/// Copies SQLite's WAL back into the database file on a thread and a connection of their own,
/// every `interval` (`standardInterval`), so that no write pays for it. SQLite's own checkpoint
/// runs inside the commit that finds the WAL over a thousand pages, copying it and syncing both
/// files while that connection holds the process's write gate: at a thousand messages a second,
/// about 13 commits a second took 6–7 ms, and every write queued behind them (bench/RESULTS.md).
/// Every connection of the process therefore has `wal_autocheckpoint=0`
/// (`DatabaseSetup.connectionPragmas`), and this passive checkpoint, which takes no write lock,
/// runs beside the writes.
///
/// The WAL stays bounded: a reader holding an old snapshot keeps the checkpoint from copying
/// what came after it, and the WAL grows meanwhile (234 MB in a minute of writes behind one long
/// read). Once nothing holds it back, a checkpoint that finds it over `sizeLimit` truncates it,
/// as does every start and stop; every connection's `journal_size_limit` trims it whenever a
/// writer starts it over; and a reader that holds it back for `pinWarningAfter` is logged once.
public final class WALCheckpoints: ModuleService, Sendable {
    public let name = "WAL checkpoints"

    /// A few times a second: a checkpoint with nothing to copy only looks at the WAL's header.
    public static let standardInterval: Duration = .milliseconds(250)
    /// The WAL's size, in bytes, past which it is truncated once copied.
    public static let standardSizeLimit = 64 * 1024 * 1024
    /// How long readers may hold the WAL back before a warning says so.
    static let pinWarningAfter: Duration = .seconds(60)

    /// One thread for every checkpoint of the process: a checkpoint waits for the disk, which an
    /// event loop or the writers' thread must not.
    private static let thread: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    /// What one checkpoint found and did, in WAL frames (pages).
    struct Outcome: Equatable {
        /// The frames in the WAL.
        let frames: Int
        /// The frames now copied into the database file; the rest are still read by someone.
        let copied: Int
        /// Whether a checkpoint that must have the WAL to itself (TRUNCATE) could not in time.
        var busy = false
        /// Whether the WAL, all copied but over the size limit, was truncated.
        var truncated = false

        var isHeldBack: Bool { busy || copied < frames }
    }

    private let path: String?
    private let interval: Duration
    private let sizeLimit: Int
    private let connection = NIOLockedValueBox<DirectSQLiteConnection?>(nil)
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// Since when checkpoints have been held back, and whether that was logged.
    private let heldBack = NIOLockedValueBox<(since: ContinuousClock.Instant?, told: Bool)>((nil, false))

    public init(storage: DatabaseStorage, interval: Duration = standardInterval, sizeLimit: Int = standardSizeLimit) {
        path = storage.sqlitePath
        self.interval = interval
        self.sizeLimit = sizeLimit
    }

    public func start(on application: Application) async throws {
        guard let path else { return }
        let opened = try DirectSQLiteConnection(path: path, logger: application.logger)
        connection.withLockedValue { $0 = opened }
        // What an earlier run left (a reader held it back until the end, or it was killed).
        try await truncate()
        let (logger, interval) = (application.logger, interval)
        loop.withLockedValue { loop in
            loop = Task { [weak self] in
                while (try? await Task.sleep(for: interval)) != nil, let self {
                    do {
                        if let outcome = try await self.checkpoint(), let held = self.heldBackLong(outcome, at: .now) {
                            logger.warning("A reader has held back SQLite's WAL checkpoints for \(held.components.seconds) s: the WAL holds \(outcome.frames) pages and grows until it ends (a backup, a long query, a stuck process)")
                        }
                    } catch is CancellationError {
                        // `stop`: a command's output ends with what it printed, not with this.
                        return
                    } catch {
                        logger.warning("WAL checkpoint failed: \(String(reflecting: error))")
                    }
                }
            }
        }
    }

    /// Copies into the database file every frame no reader still needs, and truncates the WAL
    /// when that was all of it and it is over the size limit; nil on PostgreSQL, or before
    /// `start` or after `stop`.
    func checkpoint() async throws -> Outcome? {
        guard let path, let connection = connection.withLockedValue({ $0 }) else { return nil }
        let sizeLimit = sizeLimit
        return try await Self.thread.runIfActive {
            guard var outcome = try Self.run("PASSIVE", on: connection) else { return nil }
            if !outcome.isHeldBack, outcome.frames > 0, Self.walBytes(of: path) > sizeLimit {
                outcome.truncated = try Self.run("TRUNCATE", on: connection).map { !$0.isHeldBack } ?? false
            }
            return outcome
        }
    }

    /// A checkpoint that copies everything and empties the WAL; it waits (the busy timeout) for
    /// writers and readers, so it runs only where none should be: at start and stop.
    private func truncate() async throws {
        guard let connection = connection.withLockedValue({ $0 }) else { return }
        _ = try await Self.thread.runIfActive { try Self.run("TRUNCATE", on: connection) }
    }

    private static func run(_ mode: String, on connection: DirectSQLiteConnection) throws -> Outcome? {
        var rows: [any SQLRow] = []
        try connection.run(SQLRaw("PRAGMA wal_checkpoint(\(mode))")) { rows.append($0) }
        guard let row = rows.first else { return nil }
        return Outcome(frames: try row.decode(column: "log", as: Int.self), copied: try row.decode(column: "checkpointed", as: Int.self),
                       busy: try row.decode(column: "busy", as: Int.self) != 0)
    }

    static func walBytes(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// How long checkpoints have been held back, when that has just passed `pinWarningAfter`
    /// (once for each stretch of being held back).
    func heldBackLong(_ outcome: Outcome, at now: ContinuousClock.Instant) -> Duration? {
        heldBack.withLockedValue { state in
            guard outcome.isHeldBack else {
                state = (nil, false)
                return nil
            }
            let since = state.since ?? now
            state.since = since
            guard !state.told, now - since >= Self.pinWarningAfter else { return nil }
            state.told = true
            return now - since
        }
    }

    /// Ends the loop, empties the WAL into the file, then closes the connection.
    public func stop() async {
        let running = loop.withLockedValue { loop in
            defer { loop = nil }
            return loop
        }
        running?.cancel()
        await running?.value
        do {
            try await truncate()
        } catch {
            Logger(label: "sprout.database").warning("WAL not emptied at stop: \(String(reflecting: error))")
        }
        connection.withLockedValue { connection in
            connection?.close()
            connection = nil
        }
    }
}
