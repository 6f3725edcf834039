import Fluent
import SQLKit

extension Database {
    /// A transaction that writes. On SQLite it starts with `BEGIN IMMEDIATE`, taking the write lock
    /// up front: a deferred transaction that reads first and writes later fails with
    /// SQLITE_BUSY_SNAPSHOT whenever another connection wrote in between, which no busy timeout
    /// can fix. PostgreSQL runs an ordinary transaction.
    public func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        if WriteTransactionScope.isOpen || inTransaction { return try await body(self) }
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "sqlite" else {
            return try await transaction(body)
        }
        return try await withConnection { connection in
            guard let sql = connection as? any SQLDatabase else { return try await body(connection) }
            try await sql.raw("BEGIN IMMEDIATE").run()
            do {
                let result = try await WriteTransactionScope.$isOpen.withValue(true) { try await body(connection) }
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        }
    }
}

/// Marks work already inside a write transaction, so nested calls join it instead of beginning
/// another (SQLite has no nested BEGIN).
private enum WriteTransactionScope {
    @TaskLocal static var isOpen = false
}
