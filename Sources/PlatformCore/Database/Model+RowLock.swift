import Fluent
import SQLKit

extension Model where IDValue: Encodable & Sendable {
    /// Reads a row inside a write transaction with it locked until the transaction ends
    /// (PostgreSQL's `SELECT … FOR UPDATE`): a change computed from what was read would otherwise
    /// race a concurrent writer that read the same row first. SQLite needs no lock:
    /// `writeTransaction` lets one writer in at a time, and its dialect leaves the clause out.
    public static func findLocked(_ id: IDValue, idColumn: String, on db: any Database) async throws -> Self? {
        let sql = try db.sql()
        try await sql.select().column(idColumn).from(schema).where(SQLIdentifier(idColumn), .equal, SQLBind(id)).for(.update).run()
        return try await find(id, on: db)
    }
}
