import Fluent
import Foundation

/// Something that happened for one account, in both languages, with the page it leads to.
final class NotificationRecord: Model, @unchecked Sendable {
    static let schema = "notifications"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "account_id") var accountID: String
    @Field(key: "app") var app: String
    @Field(key: "kind") var kind: String
    @Field(key: "text_ko") var textKo: String
    @Field(key: "text_en") var textEn: String
    @Field(key: "link") var link: String
    @Field(key: "read") var read: Bool
    @Field(key: "created_at") var createdAt: Date
    /// Who did what it tells, for a kind that merges (`AccountNotifications.notify(…by:…)`): a
    /// JSON array of account ids.
    @OptionalField(key: "actors") var actors: String?

    init() {}

    var actorList: [String] { actors.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? [] }

    init(accountID: String, app: String, kind: String, text: (ko: String, en: String), link: String, createdAt: Date) {
        self.accountID = accountID
        self.app = app
        self.kind = kind
        textKo = text.ko
        textEn = text.en
        self.link = link
        read = false
        self.createdAt = createdAt
    }
}

/// A kind of notification one account turned off.
final class NotificationMute: Model, @unchecked Sendable {
    static let schema = "notification_mutes"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "account_id") var accountID: String
    @Field(key: "kind") var kind: String

    init() {}

    init(accountID: String, kind: String) {
        self.accountID = accountID
        self.kind = kind
    }
}
