import Synchronization
import VaporCSQLite

/// Reads a `read_versions` counter on the calling thread, from a read-only SQLite connection of
/// its own. SQLiteNIO runs every query on its thread pool, and the hop there and back was most of
/// a cached read's time (bench/RESULTS.md) for a point read SQLite answers in microseconds.
///
/// This is SQLite's C API from the library copy SQLiteNIO links (two copies of SQLite in one
/// process would break each other's file locks). Each read is a transaction of its own, begun by
/// the step and ended by the reset, so it sees every commit made before it by any connection or
/// process, and never holds the WAL back from a checkpoint. Any failure answers nil, and the
/// caller asks through the pool as before.
final class SQLiteVersionReader: Sendable {
    private let connection: Mutex<Connection>

    /// Nil when the file cannot be opened; the caller then always asks through the pool.
    init?(path: String) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        guard sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite_nio_sqlite3_close(handle)
            return nil
        }
        connection = Mutex(Connection(handle: handle))
    }

    /// The counter of `group`, or nil when it cannot be read here (no such table or row yet, the
    /// database busy recovering, any other error).
    func version(_ group: String) -> Int64? {
        connection.withLock { $0.version(group) }
    }

    /// The counter of `group` for `account`: 0 when the account has no row yet, nil when it
    /// cannot be read here.
    func version(_ group: String, account: String) -> Int64? {
        connection.withLock { $0.version(group, account: account) }
    }

    /// Every counter, read in one transaction; nil when they cannot be read here.
    func all() -> [String: Int64]? {
        connection.withLock { $0.all() }
    }
}

/// The open handle and its prepared statements, used under the reader's lock only.
private final class Connection {
    let handle: OpaquePointer
    var statement: OpaquePointer?
    var everyStatement: OpaquePointer?
    var accountStatement: OpaquePointer?
    var dataVersionStatement: OpaquePointer?
    /// The counters as last read, and the connection's data version read just before them.
    var lastRead: (dataVersion: Int64, counters: [String: Int64])?

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite_nio_sqlite3_finalize(statement)
        sqlite_nio_sqlite3_finalize(everyStatement)
        sqlite_nio_sqlite3_finalize(accountStatement)
        sqlite_nio_sqlite3_finalize(dataVersionStatement)
        sqlite_nio_sqlite3_close(handle)
    }

    /// The counters, read again only when `PRAGMA data_version` says another connection has
    /// committed since they were last read (this one never writes). The data version is read
    /// first: a commit between the two reads is then seen by both or by the next call.
    func all() -> [String: Int64]? {
        guard let dataVersion = dataVersion() else { return nil }
        if let lastRead, lastRead.dataVersion == dataVersion { return lastRead.counters }
        let counters = readAll()
        lastRead = counters.map { (dataVersion, $0) }
        return counters
    }

    private func dataVersion() -> Int64? {
        if dataVersionStatement == nil, sqlite_nio_sqlite3_prepare_v2(handle, "PRAGMA data_version", -1, &dataVersionStatement, nil) != SQLITE_OK {
            sqlite_nio_sqlite3_finalize(dataVersionStatement)
            dataVersionStatement = nil
        }
        guard let dataVersionStatement else { return nil }
        defer { sqlite_nio_sqlite3_reset(dataVersionStatement) }
        guard sqlite_nio_sqlite3_step(dataVersionStatement) == SQLITE_ROW else { return nil }
        return sqlite_nio_sqlite3_column_int64(dataVersionStatement, 0)
    }

    private func readAll() -> [String: Int64]? {
        if everyStatement == nil, sqlite_nio_sqlite3_prepare_v2(handle, "SELECT name, version FROM read_versions", -1, &everyStatement, nil) != SQLITE_OK {
            sqlite_nio_sqlite3_finalize(everyStatement)
            everyStatement = nil
        }
        guard let everyStatement else { return nil }
        defer { sqlite_nio_sqlite3_reset(everyStatement) }
        var counters: [String: Int64] = [:]
        while true {
            switch sqlite_nio_sqlite3_step(everyStatement) {
            case SQLITE_ROW:
                guard let name = sqlite_nio_sqlite3_column_text(everyStatement, 0) else { return nil }
                counters[String(cString: name)] = sqlite_nio_sqlite3_column_int64(everyStatement, 1)
            case SQLITE_DONE:
                return counters
            default:
                return nil
            }
        }
    }

    func version(_ group: String) -> Int64? {
        // Prepared on first use: the table may only exist once migrations have run.
        if statement == nil, sqlite_nio_sqlite3_prepare_v2(handle, "SELECT version FROM read_versions WHERE name = ?1", -1, &statement, nil) != SQLITE_OK {
            sqlite_nio_sqlite3_finalize(statement)
            statement = nil
        }
        guard let statement else { return nil }
        return group.withCString { name in
            defer {
                sqlite_nio_sqlite3_reset(statement)
                sqlite_nio_sqlite3_clear_bindings(statement)
            }
            // No destructor: SQLite keeps the pointer only until `clear_bindings` above, inside this closure.
            guard sqlite_nio_sqlite3_bind_text(statement, 1, name, -1, nil) == SQLITE_OK,
                  sqlite_nio_sqlite3_step(statement) == SQLITE_ROW
            else { return nil }
            return sqlite_nio_sqlite3_column_int64(statement, 0)
        }
    }

    func version(_ group: String, account: String) -> Int64? {
        if accountStatement == nil, sqlite_nio_sqlite3_prepare_v2(handle, "SELECT version FROM account_read_versions WHERE name = ?1 AND account_id = ?2", -1, &accountStatement, nil) != SQLITE_OK {
            sqlite_nio_sqlite3_finalize(accountStatement)
            accountStatement = nil
        }
        guard let accountStatement else { return nil }
        return group.withCString { name in
            account.withCString { account in
                defer {
                    sqlite_nio_sqlite3_reset(accountStatement)
                    sqlite_nio_sqlite3_clear_bindings(accountStatement)
                }
                guard sqlite_nio_sqlite3_bind_text(accountStatement, 1, name, -1, nil) == SQLITE_OK,
                      sqlite_nio_sqlite3_bind_text(accountStatement, 2, account, -1, nil) == SQLITE_OK
                else { return nil }
                switch sqlite_nio_sqlite3_step(accountStatement) {
                case SQLITE_ROW: return sqlite_nio_sqlite3_column_int64(accountStatement, 0)
                case SQLITE_DONE: return 0
                default: return nil
                }
            }
        }
    }
}
