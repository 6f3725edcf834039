import Fluent
import SQLKit

/// Tables that join a group `AccountReadVersionTriggers` already counts per account, added by a
/// later migration: that migration ran once on every existing database, so a cached read that
/// starts reading a new table has the new table's triggers installed here, under a name of their
/// own. Reverting drops only these tables' triggers; the counters stay, as the group's other
/// tables still count in them.
public struct AddedAccountReadVersionTriggers: AsyncMigration {
    let triggers: AccountReadVersionTriggers

    public init(group: String, tables: [String]) {
        triggers = AccountReadVersionTriggers(group: group, tables: tables)
    }

    public var name: String { "AccountReadVersionTriggers(\(triggers.group): \(triggers.tables.joined(separator: ", ")))" }

    public func prepare(on database: any Database) async throws {
        try await triggers.prepare(on: database)
    }

    public func revert(on database: any Database) async throws {
        try await ReadVersionTriggers.dropTriggers(on: triggers.tables, named: triggers.triggerName, in: try database.sql())
    }
}
