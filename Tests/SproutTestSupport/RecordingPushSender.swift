import NIOConcurrencyHelpers
import Platform

/// Stands in for FCM and Web Push: keeps what was sent, and answers each device token or browser
/// endpoint as the test says (`.sent` unless told otherwise).
public final class RecordingPushSender: PushSender, BrowserPushSender {
    public struct Push: Sendable, Equatable {
        public let message: PushMessage
        public let token: String
    }

    private let state = NIOLockedValueBox<(sent: [Push], outcomes: [String: PushOutcome])>(([], [:]))

    public init() {}

    public var sent: [Push] { state.withLockedValue(\.sent) }

    public func answer(_ token: String, with outcome: PushOutcome) {
        state.withLockedValue { $0.outcomes[token] = outcome }
    }

    public func send(_ message: PushMessage, to deviceToken: String) async -> PushOutcome {
        state.withLockedValue {
            $0.sent.append(Push(message: message, token: deviceToken))
            return $0.outcomes[deviceToken] ?? .sent
        }
    }

    public func send(_ message: PushMessage, to subscription: BrowserSubscription) async -> PushOutcome {
        await send(message, to: subscription.endpoint)
    }

    public func shutdown() async {}

    public let serverKey = (try? VAPIDKey(privateKey: VAPIDKey.generate()).publicKey) ?? ""
}
