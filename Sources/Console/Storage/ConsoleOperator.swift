import Fluent
import Foundation

final class ConsoleOperator: Model, @unchecked Sendable {
    static let schema = "console_operators"

    @ID(custom: "account_id", generatedBy: .user) var id: String?
    @Field(key: "granted_at") var grantedAt: Date

    init() {}

    init(accountID: String, grantedAt: Date) {
        id = accountID
        self.grantedAt = grantedAt
    }
}
