import Fluent
import Foundation

/// Where one account's notifications are pushed while it has no live stream: a browser's Web Push
/// subscription (`address` is its endpoint, with its keys) or an app's FCM device token.
final class PushSubscriptionRecord: Model, @unchecked Sendable {
    static let schema = "push_subscriptions"

    enum Kind: String {
        case web
        case fcm
    }

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "account_id") var accountID: String
    @Field(key: "kind") var kind: String
    @Field(key: "address") var address: String
    @OptionalField(key: "p256dh") var p256dh: String?
    @OptionalField(key: "auth") var auth: String?
    /// The language pushes are written in: the one the subscribing page or app was read in.
    @Field(key: "english") var english: Bool
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(accountID: String, kind: Kind, address: String, keys: (p256dh: String, auth: String)?, english: Bool, createdAt: Date) {
        self.accountID = accountID
        self.kind = kind.rawValue
        self.address = address
        p256dh = keys?.p256dh
        auth = keys?.auth
        self.english = english
        self.createdAt = createdAt
    }
}

struct CreatePushSubscriptions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PushSubscriptionRecord.schema)
            .field("id", .int, .identifier(auto: true))
            .field("account_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("address", .string, .required)
            .field("p256dh", .string)
            .field("auth", .string)
            .field("english", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "address")
            .create()
        try await database.sql().raw("CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id)").run()
        // A push may wait until its notification's event is seen on a live stream (`unless_seen`).
        // One column an ALTER: SQLite adds no more at once.
        try await database.schema(PushOutboxEntry.schema)
            .field("channel", .string, .required, .sql(.default(PushOutboxEntry.Channel.device.rawValue))).update()
        try await database.schema(PushOutboxEntry.schema).field("unless_seen", .int).update()
        try await database.schema(AccountEventRecord.schema).field("seen", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AccountEventRecord.schema).deleteField("seen").update()
        try await database.schema(PushOutboxEntry.schema).deleteField("unless_seen").update()
        try await database.schema(PushOutboxEntry.schema).deleteField("channel").update()
        try await database.schema(PushSubscriptionRecord.schema).delete()
    }
}
