import Fluent
import Foundation
import Platform
import PlatformCore

/// The accounts that may use the console. Nobody is one by default; the command line grants and
/// revokes (`sprout accounts grant-admin|revoke-admin`), never the web.
struct Operators: Sendable {
    let clock: WallClock
    let audit: AuditLog

    func isOperator(_ accountID: String, on db: any Database) async throws -> Bool {
        try await ConsoleOperator.find(accountID, on: db) != nil
    }

    /// Grants or revokes; answers whether anything changed.
    @discardableResult
    func set(_ granted: Bool, _ account: Account, by actor: ConsoleActor, on db: any Database) async throws -> Bool {
        let id = try account.requireID()
        let changed: Bool = try await db.writeTransaction { db in
            let existing = try await ConsoleOperator.find(id, on: db)
            switch (granted, existing) {
            case (true, nil): try await ConsoleOperator(accountID: id, grantedAt: clock.now()).create(on: db)
            case let (false, row?): try await row.delete(on: db)
            default: return false
            }
            try await audit.record(granted ? .grantAdmin : .revokeAdmin, .account(id), account: id, reason: "command line", by: actor, on: db)
            return true
        }
        return changed
    }
}
