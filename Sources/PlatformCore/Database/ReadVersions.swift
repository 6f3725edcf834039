import Fluent
import SQLKit
import Vapor

/// A counter per group of tables that the database itself bumps, by trigger, in the same
/// transaction as every insert, update and delete on those tables. Whoever writes (this instance,
/// another one sharing PostgreSQL, a `sprout` command on the SQLite file, a cascade from a deleted
/// account), the next read of the counter sees the write. `AnswerCache` keys its answers by it.
///
/// Switched off (`SPROUT_CACHE=off`), no counter is ever read: every cache built on them then
/// reads the database on every request, so a wrong answer cannot hide behind a kept one.
public struct ReadVersions: Sendable {
    static let schema = "read_versions"

    /// On SQLite, counters are read on the calling thread (`SQLiteVersionReader`).
    let reader: SQLiteVersionReader?
    /// On PostgreSQL, counters are held in memory while `InstanceBroadcast` hears their changes.
    public let listened: ListenedReadVersions?
    public let isOn: Bool
    /// What the caches keyed by these counters read (`ReadTriggerCheck`).
    public let declared = DeclaredReadGroups()

    public init(storage: DatabaseStorage, cachesReads: Bool = true) {
        isOn = cachesReads
        reader = cachesReads ? storage.sqlitePath.flatMap(SQLiteVersionReader.init(path:)) : nil
        listened = if cachesReads, case .postgres = storage { ListenedReadVersions() } else { nil }
    }

    struct Row: Decodable {
        let version: Int64
    }

    private struct NamedRow: Decodable {
        let name: String
        let version: Int64
    }

    /// The counters a read request first saw; the data version they were read at on SQLite.
    private struct Snapshot {
        let dataVersion: Int64?
        let counters: [String: Int64]
        /// Read from the counters heard on PostgreSQL, once caught up with every commit before the request.
        var caughtUp = false
    }

    private struct SnapshotKey: StorageKey {
        typealias Value = Snapshot
    }

    /// The counter of `group` as `request` first saw it. A read (GET or HEAD) reads every counter
    /// at once, at its first check, and keeps them: a lessons read checks its API key, its account
    /// and its answer, and three reads of the counters were three SQLite transactions (bench/RESULTS.md).
    /// Every write acknowledged before that first check is seen. Any other method may write between
    /// its checks, so it reads afresh each time.
    public func current(_ group: String, for request: Request) async throws -> Int64? {
        guard isOn else { return nil }
        guard Self.readsOnly(request) else { return try await current(group, on: request.db) }
        return try await snapshot(for: request).counters[group]
    }

    /// The counter of `group` for `account`, for `request`. A read request first takes its
    /// snapshot of every counter, as `current(_:for:)` does: on SQLite an account's counter
    /// already read at that snapshot's data version is not read again (bench/RESULTS.md).
    public func current(_ group: String, account: String, for request: Request) async throws -> Int64? {
        guard isOn else { return nil }
        let snapshot = Self.readsOnly(request) ? try await snapshot(for: request) : nil
        return try await current(group, account: account, seenAt: snapshot?.dataVersion, caughtUp: snapshot?.caughtUp ?? false, on: request.db)
    }

    private static func readsOnly(_ request: Request) -> Bool {
        request.method == .GET || request.method == .HEAD
    }

    private func snapshot(for request: Request) async throws -> Snapshot {
        if let seen = request.storage[SnapshotKey.self] { return seen }
        let snapshot = if let read = reader?.snapshot() {
            Snapshot(dataVersion: read.dataVersion, counters: read.counters)
        } else if let held = await caughtUp()?.all() {
            Snapshot(dataVersion: nil, counters: held, caughtUp: true)
        } else {
            Snapshot(dataVersion: nil, counters: try await all(on: request.db))
        }
        request.storage[SnapshotKey.self] = snapshot
        return snapshot
    }

    /// Every counter now, in one read. `db` is asked for only when neither the SQLite reader nor
    /// the counters heard on PostgreSQL can answer: making a request's database handle took a
    /// lock and a twentieth of a cached read.
    package func all(on db: @autoclosure () -> any Database) async throws -> [String: Int64] {
        guard isOn else { return [:] }
        if let all = reader?.all() { return all }
        if let held = await caughtUp()?.all() { return held }
        guard let sql = db() as? any SQLDatabase else { return [:] }
        return try await Self.stored(on: sql)
    }

    /// Every counter as the database holds it, asking nothing of the SQLite reader or the counters heard.
    static func stored(on sql: any SQLDatabase) async throws -> [String: Int64] {
        let rows = try await sql.raw("SELECT name, version FROM read_versions").all(decoding: NamedRow.self)
        return Dictionary(rows.map { ($0.name, $0.version) }) { first, _ in first }
    }

    /// The counter of `group` now; nil when no migration registered the group (nothing bumps it).
    /// `db` is asked for only when the SQLite reader or the counters heard cannot answer.
    public func current(_ group: String, on db: @autoclosure () -> any Database) async throws -> Int64? {
        guard isOn else { return nil }
        if let version = reader?.version(group) { return version }
        if let version = await caughtUp()?.version(group) { return version }
        guard let sql = db() as? any SQLDatabase else { return nil }
        return try await sql.raw("SELECT version FROM read_versions WHERE name = \(bind: group)").first(decoding: Row.self)?.version
    }

    /// The counters heard on PostgreSQL, once they hold every commit made before this call; nil
    /// on SQLite, or when they cannot (`ListenedReadVersions.catchUp`).
    func caughtUp() async -> ListenedReadVersions? {
        guard let listened, await listened.catchUp() else { return nil }
        return listened
    }
}
