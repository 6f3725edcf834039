import Fluent
import Foundation
import Logging
import Platform
import PlatformCore

/// Every moderation action with who, when, what and why: appended, never changed, listed on
/// `/admin/audit` and by `sprout audit`, and written to the JSON log (its kind and number only:
/// the log carries no ids of people and no words of theirs).
struct AuditLog: Sendable {
    enum Action: String, CaseIterable, Sendable {
        case hide, restore, disable, enable, dismiss
        case grantAdmin = "grant_admin"
        case revokeAdmin = "revoke_admin"
    }

    /// What an action was about: an app's thing (`market`, `product`, `12`), or an account
    /// (`accounts`, `account`, its id).
    struct Item: Sendable, Equatable {
        let app: String
        let kind: String
        let id: String

        static func account(_ id: String) -> Item { Item(app: "accounts", kind: "account", id: id) }
    }

    struct Entry: Sendable, Equatable {
        let id: Int
        let operatorName: String
        let action: Action
        let item: Item
        let accountID: String?
        let reason: String
        let at: Date
    }

    static let reasonLength = 500
    static let pageSize = 100

    let clock: WallClock
    private let logger = Logger(label: "sprout.console.audit")

    init(clock: WallClock) {
        self.clock = clock
    }

    /// A reason as an operator typed it, trimmed and checked.
    static func reason(_ typed: String) throws -> String {
        let reason = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw ConsoleError.reasonNeeded }
        guard reason.count <= reasonLength else { throw ConsoleError.reasonTooLong }
        return reason
    }

    @discardableResult
    func record(_ action: Action, _ item: Item, account accountID: String?, reason: String, by actor: ConsoleActor, on db: any Database) async throws -> Int {
        let entry = AuditEntry(by: actor, action: action, item: item, accountID: accountID, reason: reason, at: clock.now())
        try await entry.create(on: db)
        let id = try entry.requireID()
        logger.notice("moderation action", metadata: [
            "audit_id": .stringConvertible(id), "action": .string(action.rawValue), "app": .string(item.app), "kind": .string(item.kind),
            "by": .string(actor.accountID == nil ? "command line" : "operator"),
        ])
        return id
    }

    /// The newest entries first, those of one action or about one account when asked.
    func entries(action: Action? = nil, account accountID: String? = nil, limit: Int = pageSize, on db: any Database) async throws -> [Entry] {
        let query = AuditEntry.query(on: db)
        if let action { query.filter(\.$action == action.rawValue) }
        if let accountID { query.filter(\.$accountID == accountID) }
        return try await query.sort(\.$id, .descending).limit(limit).all().compactMap { row in
            guard let id = row.id, let action = Action(rawValue: row.action) else { return nil }
            return Entry(id: id, operatorName: row.operatorName, action: action, item: Item(app: row.app, kind: row.kind, id: row.subject),
                         accountID: row.accountID, reason: row.reason, at: row.at)
        }
    }
}
