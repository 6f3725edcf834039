import Fluent
import Foundation

final class AuditEntry: Model, @unchecked Sendable {
    static let schema = "console_audit"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    /// nil for the command line.
    @OptionalField(key: "operator_id") var operatorID: String?
    @Field(key: "operator_name") var operatorName: String
    @Field(key: "action") var action: String
    @Field(key: "app") var app: String
    @Field(key: "kind") var kind: String
    @Field(key: "subject") var subject: String
    /// The account the action concerned: the owner of what was hidden, the account disabled.
    @OptionalField(key: "account_id") var accountID: String?
    @Field(key: "reason") var reason: String
    @Field(key: "at") var at: Date

    init() {}

    init(by actor: ConsoleActor, action: AuditLog.Action, item: AuditLog.Item, accountID: String?, reason: String, at: Date) {
        operatorID = actor.accountID
        operatorName = actor.name
        self.action = action.rawValue
        app = item.app
        kind = item.kind
        subject = item.id
        self.accountID = accountID
        self.reason = reason
        self.at = at
    }
}
