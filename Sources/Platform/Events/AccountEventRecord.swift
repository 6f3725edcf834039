import Fluent
import Foundation

/// One event for one account's live streams, kept so a client that reconnects with
/// `Last-Event-ID` receives what it missed. `AccountEvents` deletes rows older than its retention.
final class AccountEventRecord: Model, @unchecked Sendable {
    static let schema = "account_events"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "account_id") var accountID: String
    @Field(key: "name") var name: String
    /// One line of JSON: the event's `data:`, in Korean where it holds text for people.
    @Field(key: "data") var data: String
    /// The same in English, where it differs.
    @OptionalField(key: "data_en") var dataEn: String?
    @Field(key: "created_at") var createdAt: Date
    /// Whether a live stream has written it (`AccountEvents.markSeen`).
    @Field(key: "seen") var seen: Bool

    init() {}

    init(accountID: String, name: String, data: String, dataEn: String?, createdAt: Date) {
        self.accountID = accountID
        self.name = name
        self.data = data
        self.dataEn = dataEn
        self.createdAt = createdAt
        seen = false
    }
}
