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
    /// cannot be read here. With `seenAt`, the data version a request's `snapshot()` was read at,
    /// a counter already read at that same data version is answered without reading: nothing
    /// was committed since (the counter read then is as new as the request's snapshot or newer).
    func version(_ group: String, account: String, seenAt dataVersion: Int64?) -> Int64? {
        connection.withLock { $0.version(group, account: account, seenAt: dataVersion) }
    }

    /// Every counter, read in one transaction; nil when they cannot be read here.
    func all() -> [String: Int64]? {
        snapshot()?.counters
    }

    /// Every counter, and the data version (`PRAGMA data_version`) they are current at.
    func snapshot() -> Snapshot? {
        connection.withLock { $0.snapshot() }
    }

    struct Snapshot {
        let dataVersion: Int64
        let counters: [String: Int64]
    }
}

/// The open handle and its prepared statements, used under the reader's lock only.
private final class Connection {
    let handle: OpaquePointer
    var groupStatement: OpaquePointer?
    var everyStatement: OpaquePointer?
    var accountStatement: OpaquePointer?
    var dataVersionStatement: OpaquePointer?
    /// The counters as last read, and the connection's data version read just before them.
    var lastRead: SQLiteVersionReader.Snapshot?
    /// Accounts' counters read at one data version, which is read before each of them.
    var accountCounters: (dataVersion: Int64, counters: [AccountCounter: Int64])?
    /// Accounts' counters kept at most, for one data version.
    static let keptAccountCounters = 10_000

    struct AccountCounter: Hashable {
        let group: String
        let account: String
    }

    /// What one step of a statement gave.
    enum Step {
        case value(Int64)
        case noRow
        case failed
    }

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite_nio_sqlite3_finalize(groupStatement)
        sqlite_nio_sqlite3_finalize(everyStatement)
        sqlite_nio_sqlite3_finalize(accountStatement)
        sqlite_nio_sqlite3_finalize(dataVersionStatement)
        sqlite_nio_sqlite3_close(handle)
    }

    /// The counters, read again only when `PRAGMA data_version` says another connection has
    /// committed since they were last read (this one never writes). The data version is read
    /// first: a commit between the two reads is then seen by both or by the next call.
    func snapshot() -> SQLiteVersionReader.Snapshot? {
        guard case let .value(dataVersion) = firstValue(&dataVersionStatement, "PRAGMA data_version") else { return nil }
        if let lastRead, lastRead.dataVersion == dataVersion { return lastRead }
        lastRead = readAll().map { SQLiteVersionReader.Snapshot(dataVersion: dataVersion, counters: $0) }
        return lastRead
    }

    func version(_ group: String) -> Int64? {
        guard case let .value(version) = firstValue(&groupStatement, "SELECT version FROM read_versions WHERE name = ?1", binding: [group]) else { return nil }
        return version
    }

    func version(_ group: String, account: String, seenAt dataVersion: Int64?) -> Int64? {
        let key = AccountCounter(group: group, account: account)
        if let dataVersion, let kept = accountCounters, kept.dataVersion == dataVersion, let version = kept.counters[key] { return version }
        let sql = "SELECT version FROM account_read_versions WHERE name = ?1 AND account_id = ?2"
        let version: Int64
        switch firstValue(&accountStatement, sql, binding: [group, account]) {
        case .value(let read): version = read
        case .noRow: version = 0
        case .failed: return nil
        }
        if let dataVersion {
            if accountCounters?.dataVersion != dataVersion || accountCounters?.counters.count ?? 0 >= Self.keptAccountCounters {
                accountCounters = (dataVersion, [:])
            }
            accountCounters?.counters[key] = version
        }
        return version
    }

    private func readAll() -> [String: Int64]? {
        guard let everyStatement = prepared(&everyStatement, "SELECT name, version FROM read_versions") else { return nil }
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

    /// The first column of the first row `sql` gives with `texts` bound in order.
    private func firstValue(_ slot: inout OpaquePointer?, _ sql: String, binding texts: [String] = []) -> Step {
        guard let statement = prepared(&slot, sql) else { return .failed }
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (index, text) in texts.enumerated() where sqlite_nio_sqlite3_bind_text(statement, Int32(index + 1), text, -1, Self.copied) != SQLITE_OK {
            return .failed
        }
        switch sqlite_nio_sqlite3_step(statement) {
        case SQLITE_ROW: return .value(sqlite_nio_sqlite3_column_int64(statement, 0))
        case SQLITE_DONE: return .noRow
        default: return .failed
        }
    }

    /// The statement kept in `slot`, prepared on first use: the tables may only exist once
    /// migrations have run, so a statement that fails to prepare is tried again next time.
    private func prepared(_ slot: inout OpaquePointer?, _ sql: String) -> OpaquePointer? {
        if slot == nil, sqlite_nio_sqlite3_prepare_v2(handle, sql, -1, &slot, nil) != SQLITE_OK {
            sqlite_nio_sqlite3_finalize(slot)
            slot = nil
        }
        return slot
    }

    /// `SQLITE_TRANSIENT`, which C defines as a cast Swift cannot import: SQLite copies the text.
    private static let copied = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
