import Foundation

/// Sends a notification to one device. Implementations: `LogPushSender` (the default: nothing
/// leaves the machine) and `FCMPushSender` (Firebase Cloud Messaging, HTTP v1). App modules do
/// not call it: they enqueue on `platform.pushes` (`PushOutbox`), which sends in the background
/// and acts on the outcome (`.dropToken`: the stored device token will never work again).
public protocol PushSender: Sendable {
    /// Never throws: every failure is an outcome, so a push can't fail the request that caused it.
    func send(_ message: PushMessage, to deviceToken: String) async -> PushOutcome
}

/// What a notification shows, and the strings the app receives with it.
public struct PushMessage: Sendable, Equatable {
    public var title: String
    public var body: String
    /// Delivered to the app as-is. FCM refuses the keys `from`, `notification`, `message_type`
    /// and any starting with `google` or `gcm`.
    public var data: [String: String]
    /// The iOS sound to play (`default`); `nil` leaves the notification silent, as APNs does
    /// when `aps.sound` is absent.
    public var sound: String?

    public init(title: String, body: String, data: [String: String] = [:], sound: String? = "default") {
        self.title = title
        self.body = body
        self.data = data
        self.sound = sound
    }
}

/// How one send ended, as far as the caller needs to act on it.
public enum PushOutcome: Sendable, Equatable {
    /// The provider accepted the message (or, for the log sender, it was logged).
    case sent
    /// The device token is unregistered or not a token at all: forget it.
    case dropToken(reason: String)
    /// The provider is overloaded or briefly down: try again later, no sooner than `after`
    /// seconds when the provider said so. The sender itself never waits.
    case retryLater(after: TimeInterval?)
    /// Anything else (a bad payload, credentials the provider refuses): logged by the sender;
    /// the token is kept.
    case failed(reason: String)

    /// Whether the caller should clear the device token it sent to.
    public var dropsToken: Bool {
        if case .dropToken = self { true } else { false }
    }
}

enum PushTokenRedaction {
    /// A device token is a credential for pushing to someone's phone: logs get its first
    /// characters only, enough to tell two devices apart.
    static func prefix(_ token: String) -> String {
        token.count <= 8 ? "…" : token.prefix(8) + "…"
    }
}
