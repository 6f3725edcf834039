import Fluent
import Foundation

/// A word an account is told about when a product whose name holds it is listed within its
/// range (`KeywordAlerts`). Stored lowercased, as it matches.
final class AlertKeyword: Model, @unchecked Sendable {
    static let schema = "market_keywords"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "account_id") var accountID: String
    @Field(key: "keyword") var keyword: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(accountID: String, keyword: String, createdAt: Date) {
        self.accountID = accountID
        self.keyword = keyword
        self.createdAt = createdAt
    }
}
