import Fluent
import NIOConcurrencyHelpers
import NIOPosix
import SQLKit
import Vapor

/// Write transactions for the busiest write there is (a batch of messages, `MessageWriter`). On
/// SQLite they run on a `DirectSQLiteConnection` of their own, on a thread of their own: the
/// whole transaction, statements and the Swift between them, runs there without a thread switch.
/// Through the application's connections every statement went from an event loop to the shared
/// thread pool and back, 0.15 ms a statement when idle and 0.4 ms under a thousand sends a
/// second, a dozen statements a batch, while every other write waited (bench/RESULTS.md). The
/// transaction still enters the process's SQLite write gate, so it writes in turn with every
/// other `writeTransaction`. On PostgreSQL it is an ordinary write transaction.
public final class DedicatedWrites: ModuleService, Sendable {
    public let name = "dedicated writes"

    /// One thread for the dedicated connections of the process, as NIO's singletons are for the
    /// rest: a server opens one database, and the test suites' many scratch databases only take
    /// turns on it.
    private static let executor = ThreadTaskExecutor()

    private let path: String?
    private let connection = NIOLockedValueBox<DirectSQLiteConnection?>(nil)

    public init(storage: DatabaseStorage) {
        path = storage.sqlitePath
    }

    /// Runs `body` in a write transaction: on SQLite on the dedicated connection; on PostgreSQL,
    /// before `start` or after `stop`, or inside a caller's write transaction, on `db`.
    package func transaction<T: Sendable>(on db: any Database, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let ordinary = { try await db.writeTransaction { db in try await body(try db.sql()) } }
        guard !db.isInWriteTransaction, connection.withLockedValue({ $0 }) != nil else { return try await ordinary() }
        let written: T? = try await SQLiteWriteGate.shared.inTurn {
            // Looked at again in turn: `stop` closes it in turn too.
            guard let connection = connection.withLockedValue({ $0 }) else { return nil }
            return try await withTaskExecutorPreference(Self.executor) { try await connection.immediateTransaction { try await body(connection) } }
        }
        if let written { return written }
        return try await ordinary()
    }

    public func start(on application: Application) async throws {
        guard let path else { return }
        let opened = try DirectSQLiteConnection(path: path, logger: application.logger)
        connection.withLockedValue { $0 = opened }
    }

    /// Closes the connection once no transaction is on it.
    public func stop() async {
        await SQLiteWriteGate.shared.inTurn {
            connection.withLockedValue { connection in
                connection?.close()
                connection = nil
            }
        }
    }
}

/// Runs a task's jobs on one thread of its own, so that the synchronous SQLite calls of a
/// `DirectSQLiteConnection` between them stay on it.
private final class ThreadTaskExecutor: TaskExecutor {
    private let thread: NIOThreadPool

    init() {
        thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        thread.submit { _ in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
