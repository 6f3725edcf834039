import Foundation

/// Sprout's own push registry (`/api/push`): the browsers and devices an account's notifications
/// are pushed to while none of its live streams is open.
public enum Push {
    /// A browser's `PushSubscription.toJSON()` as it is (`endpoint`, `expirationTime`, `keys`), or
    /// an app's FCM registration token in `fcm_token`.
    public struct Subscribe: Codable, Sendable, Equatable {
        public var endpoint: String?
        public var keys: Keys?
        public var fcmToken: String?

        public init(endpoint: String? = nil, keys: Keys? = nil, fcmToken: String? = nil) {
            self.endpoint = endpoint
            self.keys = keys
            self.fcmToken = fcmToken
        }

        enum CodingKeys: String, CodingKey {
            case endpoint, keys, fcmToken = "fcm_token"
        }
    }

    public struct Keys: Codable, Sendable, Equatable {
        /// The browser's P-256 public key, uncompressed, base64url.
        public var p256dh: String
        /// 16 bytes, base64url.
        public var auth: String

        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    /// Which one to forget: the browser's endpoint or the device token.
    public struct Unsubscribe: Codable, Sendable, Equatable {
        public var endpoint: String?
        public var fcmToken: String?

        public init(endpoint: String? = nil, fcmToken: String? = nil) {
            self.endpoint = endpoint
            self.fcmToken = fcmToken
        }

        enum CodingKeys: String, CodingKey {
            case endpoint, fcmToken = "fcm_token"
        }
    }

    public struct Subscription: Codable, Sendable, Equatable {
        public var id: Int
        /// `web` or `fcm`.
        public var kind: String

        public init(id: Int, kind: String) {
            self.id = id
            self.kind = kind
        }
    }

    /// The `applicationServerKey` a browser subscribes with.
    public struct ServerKey: Codable, Sendable, Equatable {
        public var publicKey: String

        public init(publicKey: String) {
            self.publicKey = publicKey
        }

        enum CodingKeys: String, CodingKey {
            case publicKey = "public_key"
        }
    }
}
