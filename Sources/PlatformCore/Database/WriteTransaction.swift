import Dispatch
import Fluent
import SQLKit

extension Database {
    /// A transaction that writes. On SQLite it starts with `BEGIN IMMEDIATE`, taking the write lock
    /// up front: a deferred transaction that reads first and writes later fails with
    /// SQLITE_BUSY_SNAPSHOT whenever another connection wrote in between, which no busy timeout
    /// can fix. PostgreSQL runs an ordinary transaction.
    public func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        if isInWriteTransaction { return try await body(self) }
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "sqlite" else {
            return try await transaction(body)
        }
        return try await SQLiteWriteGate.shared.inTurn {
            try await withConnection { connection in
                guard let sql = connection as? any SQLDatabase else { return try await body(connection) }
                return try await sql.immediateTransaction { try await WriteTransactionScope.$isOpen.withValue(true) { try await body(connection) } }
            }
        }
    }
}

extension SQLDatabase {
    /// `body` between `BEGIN IMMEDIATE` and `COMMIT` on this SQLite connection, rolled back when it
    /// throws. The caller holds the write gate (`SQLiteWriteGate.inTurn`).
    func immediateTransaction<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await raw("BEGIN IMMEDIATE").run()
        do {
            let result = try await body()
            try await raw("COMMIT").run()
            return result
        } catch {
            try? await raw("ROLLBACK").run()
            throw error
        }
    }
}

extension Database {
    /// Whether this runs inside a write transaction already, which a write joins.
    var isInWriteTransaction: Bool { WriteTransactionScope.isOpen || inTransaction }
}

/// Lets one SQLite write transaction at a time into the database, in arrival order. Without it,
/// writers racing for SQLite's one write lock wait in its busy handler, and that wait blocks a
/// thread of the small shared pool every SQLite call runs on (two threads on a two-core
/// machine): the holder of the lock then finds no thread to finish on, and the others fail with
/// "database is locked" after the busy timeout. Waiting here suspends a task instead of a thread.
/// The gate is taken before a connection, so a waiter holds no connection the holder could need.
/// One gate serves the process: a server opens one SQLite file, and the test suites' many
/// scratch files only wait on each other's short transactions.
actor SQLiteWriteGate {
    static let shared = SQLiteWriteGate()

    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once the gate is this caller's, and lets the next one in after it, whatever
    /// `body` does. How long the caller waited is measured (`ServerMetrics`).
    nonisolated func inTurn<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        let arrived = DispatchTime.now().uptimeNanoseconds
        await enter()
        ServerMetrics.waitedForDatabaseWrite(nanoseconds: DispatchTime.now().uptimeNanoseconds &- arrived)
        do {
            let result = try await body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async {
        guard isTaken else {
            isTaken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the gate straight to the next waiter, so a newcomer cannot overtake it.
    private func leave() {
        if waiting.isEmpty {
            isTaken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Marks work already inside a write transaction, so nested calls join it instead of beginning
/// another (SQLite has no nested BEGIN).
private enum WriteTransactionScope {
    @TaskLocal static var isOpen = false
}
