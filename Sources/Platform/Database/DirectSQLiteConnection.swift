import Fluent
import Logging
import NIOCore
import NIOPosix
import SQLiteKit
import SQLKit
import NIOConcurrencyHelpers
import VaporCSQLite

/// A connection to the SQLite file that runs each statement on the calling thread, through
/// SQLite's C API, as an `SQLDatabase`. SQLiteNIO sends every statement to its thread pool and
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
    private let handle: Handle
    private let encoder = SQLiteDataEncoder()
    private let decoder = SQLiteDataDecoder()

    /// Opens `path` read-write with what `DatabaseSetup.prepareConnections` sets on every other
    /// connection, and foreign keys on, as the driver sets them.
    init(path: String, logger: Logger) throws {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let error = DirectSQLiteError(status, opened)
            sqlite_nio_sqlite3_close(opened)
            throw error
        }
        let connection = Handle(opened)
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

/// The open handle and its prepared statements, used under the connection's lock only.
private final class Handle: @unchecked Sendable {
    private var connection: OpaquePointer?
    private var prepared: [String: OpaquePointer] = [:]
    /// Statements kept prepared at most: a batch's statements differ with its size.
    private static let keptStatements = 256

    init(_ connection: OpaquePointer) {
        self.connection = connection
    }

    deinit {
        close()
    }

    func close() {
        for statement in prepared.values { sqlite_nio_sqlite3_finalize(statement) }
        prepared = [:]
        sqlite_nio_sqlite3_close(connection)
        connection = nil
    }

    func run(_ sql: String, _ binds: [SQLiteData], onRow: (_ row: (columns: [String], values: [SQLiteData])) -> Void) throws {
        let statement = try self.statement(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (index, bind) in binds.enumerated() {
            try check(Self.bind(bind, at: Int32(index + 1), in: statement))
        }
        let columns = (0..<sqlite_nio_sqlite3_column_count(statement)).map { column in
            sqlite_nio_sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
        }
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW:
                onRow((columns, (0..<Int32(columns.count)).map { Self.value(at: $0, in: statement) }))
            case SQLITE_DONE:
                return
            case let status:
                throw DirectSQLiteError(status, connection)
            }
        }
    }

    private func statement(_ sql: String) throws -> OpaquePointer {
        if let kept = prepared[sql] { return kept }
        guard let connection else { throw DirectSQLiteError(SQLITE_MISUSE, nil) }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw DirectSQLiteError(status, connection) }
        if prepared.count >= Self.keptStatements {
            for kept in prepared.values { sqlite_nio_sqlite3_finalize(kept) }
            prepared = [:]
        }
        prepared[sql] = statement
        return statement
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw DirectSQLiteError(status, connection) }
    }

    /// As SQLiteNIO binds each kind of value.
    private static func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .blob(let bytes):
            bytes.withUnsafeReadableBytes { sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), copied) }
        case .float(let number):
            sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .integer(let number):
            sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .null:
            sqlite_nio_sqlite3_bind_null(statement, index)
        case .text(let text):
            sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), copied, UInt8(SQLITE_UTF8))
        }
    }

    /// As SQLiteNIO reads each kind of column.
    private static func value(at column: Int32, in statement: OpaquePointer) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            return sqlite_nio_sqlite3_column_text(statement, column).map { .text(String(cString: $0)) } ?? .null
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default:
            return .null
        }
    }

    /// `SQLITE_TRANSIENT`, which C defines as a cast Swift cannot import: SQLite copies the value.
    private static let copied = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
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
        guard let index = columns.firstIndex(of: column) else { throw DirectSQLiteError(SQLITE_RANGE, nil, message: "no column \(column)") }
        return try decoder.decode(D.self, from: values[index])
    }
}

/// A failure SQLite reported, with its extended result code.
struct DirectSQLiteError: Error, DatabaseError, CustomStringConvertible {
    let code: Int32
    let message: String

    init(_ code: Int32, _ connection: OpaquePointer?, message: String? = nil) {
        self.code = code
        self.message = message ?? connection.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "SQLite error \(code)"
    }

    var description: String { "SQLite error \(code): \(message)" }
    var isSyntaxError: Bool { code & 0xFF == SQLITE_ERROR }
    var isConnectionClosed: Bool { code == SQLITE_MISUSE }
    var isConstraintFailure: Bool { code & 0xFF == SQLITE_CONSTRAINT }
}
