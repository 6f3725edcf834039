import Fluent
import Logging
import NIOCore
import NIOPosix
import SQLiteKit
import SQLKit
import NIOConcurrencyHelpers

/// A connection to the SQLite file that runs each statement on the calling thread, through
/// SQLite's C API (`SQLiteHandle`), as an `SQLDatabase`. SQLiteNIO sends every statement to its thread pool and
/// answers on an event loop: two thread switches a statement, 0.15 ms a statement on this machine
/// even with both threads idle (bench/RESULTS.md). Called from one thread at a
/// time (`DedicatedWrites` runs it on a thread of its own), a batch's dozen statements run one
/// after another without leaving it. Statements are kept prepared, as the same few recur.
///
/// It speaks SQLiteKit's formats (`SQLiteDataEncoder`/`Decoder`, `SQLiteDialect`) and the library
/// copy SQLiteNIO links, so what it writes reads back through the application's connections
/// exactly as their own writes do.
final class DirectSQLiteConnection: SQLDatabase, Sendable {
    let logger: Logger
    let dialect: any SQLDialect = SQLiteDialect()
    var eventLoop: any EventLoop { MultiThreadedEventLoopGroup.singleton.any() }
    var queryLogLevel: Logger.Level? { nil }
    private let lock = NIOLock()
    private let handle: SQLiteHandle
    private let encoder = SQLiteDataEncoder()
    private let decoder = SQLiteDataDecoder()

    /// Opens `path` read-write with what `DatabaseSetup.prepareConnections` sets on every other
    /// connection, and foreign keys on, as the driver sets them.
    init(path: String, logger: Logger) throws {
        let connection = try SQLiteHandle(path: path, readOnly: false)
        for pragma in DatabaseSetup.connectionPragmas + ["PRAGMA foreign_keys=ON"] {
            try connection.run(pragma, []) { _ in }
        }
        handle = connection
        self.logger = logger
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    /// Runs `query` on the calling thread.
    func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        let (sql, binds) = serialize(query)
        let values = try binds.map { try encoder.encode($0) }
        try lock.withLock {
            try handle.run(sql, values) { onRow(DirectRow(columns: $0.columns, values: $0.values, decoder: decoder)) }
        }
    }

    /// Closes the connection; it answers nothing after.
    func close() {
        lock.withLock { handle.close() }
    }
}

/// One row a statement gave, read as SQLiteKit reads its own.
private struct DirectRow: SQLRow {
    let columns: [String]
    let values: [SQLiteData]
    let decoder: SQLiteDataDecoder

    var allColumns: [String] { columns }

    func contains(column: String) -> Bool { columns.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.firstIndex(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as: D.Type) throws -> D {
        guard let index = columns.firstIndex(of: column) else { throw DirectSQLiteError.noColumn(column) }
        return try decoder.decode(D.self, from: values[index])
    }
}
