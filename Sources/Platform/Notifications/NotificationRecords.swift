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

    init() {}

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

struct CreateNotifications: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(NotificationRecord.schema)
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("app", .string, .required)
            .field("kind", .string, .required)
            .field("text_ko", .string, .required)
            .field("text_en", .string, .required)
            .field("link", .string, .required)
            .field("read", .bool, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema(NotificationMute.schema)
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .unique(on: "account_id", "kind")
            .create()
        try await database.sql().raw("CREATE INDEX notifications_by_account ON notifications (account_id, id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(NotificationMute.schema).delete()
        try await database.schema(NotificationRecord.schema).delete()
    }
}
