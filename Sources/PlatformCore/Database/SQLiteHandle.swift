import Fluent
import NIOCore
import SQLiteNIO
import VaporCSQLite

// The one file that calls SQLite's C API. SQLiteNIO runs every statement on its thread pool and
// answers on an event loop: two thread switches a statement, which was most of a point read's
// time and most of a message batch's (bench/RESULTS.md). `DirectSQLiteConnection` (the batched
// writes) and `SQLiteVersionReader` (the read counters) run theirs here, on the calling thread,
// through the library copy SQLiteNIO links: two copies of SQLite in one process would break
// each other's file locks.

/// An open SQLite connection and its prepared statements, used under its owner's lock only.
final class SQLiteHandle: @unchecked Sendable {
    private var connection: OpaquePointer?
    private var prepared: [String: OpaquePointer] = [:]
    /// Statements kept prepared at most: a batch's statements differ with its size.
    private static let keptStatements = 256

    /// Opens `path`, read-only or read-write; `SQLITE_OPEN_NOMUTEX` as the owner serialises.
    init(path: String, readOnly: Bool) throws {
        var opened: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let error = DirectSQLiteError(status, opened)
            sqlite_nio_sqlite3_close(opened)
            throw error
        }
        connection = opened
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

    /// Runs `sql` with `binds`, giving each row with its columns' names.
    func run(_ sql: String, _ binds: [SQLiteData], onRow: (_ row: (columns: [String], values: [SQLiteData])) -> Void) throws {
        try rows(sql, binds, named: true) { columns, values in onRow((columns, values)) }
    }

    /// Runs `sql` with `binds`, giving each row's values alone: a point read of a counter names
    /// no columns.
    func values(_ sql: String, _ binds: [SQLiteData], onRow: ([SQLiteData]) -> Void) throws {
        try rows(sql, binds, named: false) { _, values in onRow(values) }
    }

    /// Each step of a statement is its own read: one statement begins and ends a transaction
    /// (the reset ends it), so it sees every commit made before it.
    private func rows(_ sql: String, _ binds: [SQLiteData], named: Bool, onRow: ([String], [SQLiteData]) -> Void) throws {
        let statement = try self.statement(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (index, bind) in binds.enumerated() {
            try check(Self.bind(bind, at: Int32(index + 1), in: statement))
        }
        let count = sqlite_nio_sqlite3_column_count(statement)
        let columns = named ? (0..<count).map { column in sqlite_nio_sqlite3_column_name(statement, column).map { String(cString: $0) } ?? "" } : []
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW:
                onRow(columns, (0..<count).map { Self.value(at: $0, in: statement) })
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

/// A failure SQLite reported, with its extended result code.
struct DirectSQLiteError: Error, DatabaseError, CustomStringConvertible {
    let code: Int32
    let message: String

    init(_ code: Int32, _ connection: OpaquePointer?, message: String? = nil) {
        self.code = code
        self.message = message ?? connection.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "SQLite error \(code)"
    }

    static func noColumn(_ name: String) -> DirectSQLiteError {
        DirectSQLiteError(SQLITE_RANGE, nil, message: "no column \(name)")
    }

    var description: String { "SQLite error \(code): \(message)" }
    var isSyntaxError: Bool { code & 0xFF == SQLITE_ERROR }
    var isConnectionClosed: Bool { code == SQLITE_MISUSE }
    var isConstraintFailure: Bool { code & 0xFF == SQLITE_CONSTRAINT }
}
