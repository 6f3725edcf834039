import Fluent
import Platform

extension ReadingTimerRow {
    /// An account's timer read with its row locked (`Model.findLocked`): two pauses or two stops
    /// at once must not both bank or record the same run.
    static func findLocked(_ accountID: String, on db: any Database) async throws -> ReadingTimerRow? {
        try await findLocked(accountID, idColumn: "account_id", on: db)
    }
}
