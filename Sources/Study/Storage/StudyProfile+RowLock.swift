import Fluent
import SQLKit

extension StudyProfile {
    /// Reads a profile inside a write transaction with its row locked until the transaction ends
    /// (PostgreSQL's `SELECT … FOR UPDATE`). A change computed from what was read, such as an item
    /// appended to a collection, would otherwise be overwritten by a concurrent writer of the same
    /// profile that read it before. SQLite needs no lock: `writeTransaction` lets one writer in at
    /// a time, and its dialect leaves the clause out.
    static func findLocked(_ uid: String, on db: any Database) async throws -> StudyProfile? {
        if let sql = db as? any SQLDatabase {
            try await sql.select().column("uid").from(schema).where("uid", .equal, uid).for(.update).run()
        }
        return try await find(uid, on: db)
    }
}
