import Fluent
import Foundation
import Platform

/// What the console shows of a reported thing's owner: how old the account is, whether it is
/// disabled, how many of its things were reported and dealt with before, and the actions taken.
struct AccountHistory: Sendable {
    let accountID: String
    let name: String
    let createdAt: Date
    let disabledAt: Date?
    let isOperator: Bool
    /// Earlier cases about its things, by what the console did.
    let earlierCases: [AuditLog.Action: Int]
    let actions: [AuditLog.Entry]

    static func of(_ accountID: String, audit: AuditLog, operators: Operators, on db: any Database) async throws -> AccountHistory {
        guard let account = try await Account.find(accountID, on: db) else { throw ConsoleError.unknownAccount }
        let closures = try await CaseClosure.query(on: db).filter(\.$ownerID == accountID).all()
        return AccountHistory(
            accountID: accountID, name: account.displayName, createdAt: account.createdAt, disabledAt: account.disabledAt,
            isOperator: try await operators.isOperator(accountID, on: db),
            earlierCases: closures.compactMap { AuditLog.Action(rawValue: $0.outcome) }.reduce(into: [:]) { $0[$1, default: 0] += 1 },
            actions: try await audit.entries(account: accountID, limit: 20, on: db)
        )
    }
}
