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
public final class WALCheckpoints: ModuleService, Sendable {
    public let name = "WAL checkpoints"

    /// A few times a second: a checkpoint with nothing to copy only looks at the WAL's header.
    public static let standardInterval: Duration = .milliseconds(250)

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
    }

    private let path: String?
    private let interval: Duration
    private let connection = NIOLockedValueBox<DirectSQLiteConnection?>(nil)
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    public init(storage: SproutConfig.Storage, interval: Duration = standardInterval) {
        path = storage.sqlitePath
        self.interval = interval
    }

    public func start(on application: Application) async throws {
        guard let path else { return }
        let opened = try DirectSQLiteConnection(path: path, logger: application.logger)
        connection.withLockedValue { $0 = opened }
        let (logger, interval) = (application.logger, interval)
        loop.withLockedValue { loop in
            loop = Task { [weak self] in
                while (try? await Task.sleep(for: interval)) != nil, let self {
                    do {
                        _ = try await self.checkpoint()
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

    /// Copies into the database file every frame no reader still needs; nil on PostgreSQL, or
    /// before `start` or after `stop`.
    func checkpoint() async throws -> Outcome? {
        guard let connection = connection.withLockedValue({ $0 }) else { return nil }
        return try await Self.thread.runIfActive {
            var rows: [any SQLRow] = []
            try connection.run(SQLRaw("PRAGMA wal_checkpoint(PASSIVE)")) { rows.append($0) }
            guard let row = rows.first else { return nil }
            return Outcome(frames: try row.decode(column: "log", as: Int.self), copied: try row.decode(column: "checkpointed", as: Int.self))
        }
    }

    /// Ends the loop, then closes the connection; SQLite copies what is left when the last
    /// connection to the file closes.
    public func stop() async {
        let running = loop.withLockedValue { loop in
            defer { loop = nil }
            return loop
        }
        running?.cancel()
        await running?.value
        connection.withLockedValue { connection in
            connection?.close()
            connection = nil
        }
    }
}
