import Fluent
import SQLKit

extension ReadingTimerRow {
    /// Reads an account's timer inside a write transaction with its row locked until the
    /// transaction ends (PostgreSQL's `SELECT … FOR UPDATE`): two pauses or two stops at once
    /// must not both bank or record the same run. SQLite needs no lock (`writeTransaction` lets
    /// one writer in at a time, and its dialect leaves the clause out).
    static func findLocked(_ accountID: String, on db: any Database) async throws -> ReadingTimerRow? {
        if let sql = db as? any SQLDatabase {
            try await sql.select().column("account_id").from(schema).where("account_id", .equal, accountID).for(.update).run()
        }
        return try await find(accountID, on: db)
    }
}
