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
