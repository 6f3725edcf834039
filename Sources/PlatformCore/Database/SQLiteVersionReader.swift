import SQLiteNIO
import Synchronization

/// Reads a `read_versions` counter on the calling thread, from a read-only SQLite connection of
/// its own. SQLiteNIO runs every query on its thread pool, and the hop there and back was most of
/// a cached read's time (bench/RESULTS.md) for a point read SQLite answers in microseconds.
///
/// It reads through `SQLiteHandle`, SQLite's C API. Each read is a transaction of its own, begun
/// by the step and ended by the reset, so it sees every commit made before it by any connection
/// or process, and never holds the WAL back from a checkpoint. Any failure answers nil, and the
/// caller asks through the pool as before.
final class SQLiteVersionReader: Sendable {
    private let connection: Mutex<Connection>

    /// Nil when the file cannot be opened; the caller then always asks through the pool.
    init?(path: String) {
        guard let handle = try? SQLiteHandle(path: path, readOnly: true) else { return nil }
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

/// The open handle, used under the reader's lock only; its statements stay prepared.
private final class Connection {
    let handle: SQLiteHandle
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

    init(handle: SQLiteHandle) {
        self.handle = handle
    }

    /// The counters, read again only when `PRAGMA data_version` says another connection has
    /// committed since they were last read (this one never writes). The data version is read
    /// first: a commit between the two reads is then seen by both or by the next call.
    func snapshot() -> SQLiteVersionReader.Snapshot? {
        guard case let .value(dataVersion) = firstValue("PRAGMA data_version") else { return nil }
        if let lastRead, lastRead.dataVersion == dataVersion { return lastRead }
        lastRead = readAll().map { SQLiteVersionReader.Snapshot(dataVersion: dataVersion, counters: $0) }
        return lastRead
    }

    func version(_ group: String) -> Int64? {
        guard case let .value(version) = firstValue("SELECT version FROM read_versions WHERE name = ?1", binding: [group]) else { return nil }
        return version
    }

    func version(_ group: String, account: String, seenAt dataVersion: Int64?) -> Int64? {
        let key = AccountCounter(group: group, account: account)
        if let dataVersion, let kept = accountCounters, kept.dataVersion == dataVersion, let version = kept.counters[key] { return version }
        let sql = "SELECT version FROM account_read_versions WHERE name = ?1 AND account_id = ?2"
        let version: Int64
        switch firstValue(sql, binding: [group, account]) {
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
        var counters: [String: Int64] = [:]
        var readable = true
        do {
            try handle.values("SELECT name, version FROM read_versions", []) { row in
                guard case let .text(name) = row[0], case let .integer(version) = row[1] else { return readable = false }
                counters[name] = Int64(version)
            }
        } catch {
            return nil
        }
        return readable ? counters : nil
    }

    /// The first column of the first row `sql` gives with `texts` bound in order. A statement
    /// that fails to prepare (its table made by a migration not yet run) is tried again next time.
    private func firstValue(_ sql: String, binding texts: [String] = []) -> Step {
        var first: SQLiteData?
        do {
            try handle.values(sql, texts.map(SQLiteData.text)) { row in
                if first == nil { first = row.first ?? .null }
            }
        } catch {
            return .failed
        }
        switch first {
        case nil: return .noRow
        case .integer(let value)?: return .value(Int64(value))
        default: return .failed
        }
    }
}
