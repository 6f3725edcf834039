import Foundation
import PlatformCore
import Vapor

/// Firebase Cloud Messaging, HTTP v1: `POST {base}/v1/projects/{project_id}/messages:send` with
/// `{"message": {token, notification: {title, body}, data, apns}}` and a bearer access token from
/// the service account (`FCMAccessTokens`). FCM answers 200 with the message's `name`, or an
/// error that `FCMErrorReply` turns into an outcome.
public struct FCMPushSender: PushSender {
    public struct Credentials: Sendable, Equatable {
        public var serviceAccount: FCMServiceAccount
        /// `https://fcm.googleapis.com`; tests point it at a local fake.
        public var baseURL: String

        public init(serviceAccount: FCMServiceAccount, baseURL: String = "https://fcm.googleapis.com") {
            self.serviceAccount = serviceAccount
            self.baseURL = baseURL
        }
    }

    struct Envelope: Encodable {
        struct Message: Encodable {
            let token: String
            let notification: Notification
            let data: [String: String]
            let apns: APNs?
        }

        struct Notification: Encodable {
            let title: String
            let body: String
        }

        /// APNs payload overrides: only the sound, which FCM's common `notification` lacks.
        struct APNs: Encodable {
            struct Payload: Encodable { let aps: APS }
            struct APS: Encodable { let sound: String }
            let payload: Payload
        }

        let message: Message
    }

    let credentials: Credentials
    let client: @Sendable () -> any Client
    let clock: WallClock
    let logger: Logger
    let tokens: FCMAccessTokens

    public init(credentials: Credentials, client: @escaping @Sendable () -> any Client, clock: WallClock, logger: Logger = Logger(label: "sprout.push")) {
        self.credentials = credentials
        self.client = client
        self.clock = clock
        self.logger = logger
        tokens = FCMAccessTokens(account: credentials.serviceAccount, client: client, clock: clock)
    }

    public func send(_ message: PushMessage, to deviceToken: String) async -> PushOutcome {
        let outcome = await sendRefreshingOnce(message, to: deviceToken)
        switch outcome {
        case .sent: break
        case let .dropToken(reason):
            logger.info("push: FCM will never deliver to this token", metadata: ["token": .string(PushTokenRedaction.prefix(deviceToken)), "reason": .string(reason)])
        case let .retryLater(after):
            logger.warning("push: FCM asks to retry later", metadata: ["token": .string(PushTokenRedaction.prefix(deviceToken)), "after": .string(after.map { "\($0)s" } ?? "-")])
        case let .failed(reason):
            logger.error("push: not sent", metadata: ["token": .string(PushTokenRedaction.prefix(deviceToken)), "reason": .string(reason)])
        }
        return outcome
    }

    /// A 401 means Google revoked the access token before its expiry: one fresh token, one retry.
    private func sendRefreshingOnce(_ message: PushMessage, to deviceToken: String) async -> PushOutcome {
        var refreshed = false
        while true {
            let accessToken: String
            do {
                accessToken = try await tokens.token()
            } catch {
                logger.warning("push: no FCM access token", metadata: ["error": .string("\(error)")])
                return Self.outcome(of: error)
            }
            let response: ClientResponse
            do {
                response = try await post(message, to: deviceToken, bearer: accessToken)
            } catch {
                logger.warning("push: FCM unreachable", metadata: ["error": .string("\(error)")])
                return .retryLater(after: nil)
            }
            switch response.status {
            case .ok:
                return .sent
            case .unauthorized where !refreshed:
                await tokens.discard(accessToken)
                refreshed = true
            default:
                return FCMErrorReply.outcome(
                    status: response.status.code, body: response.body.map { Data(buffer: $0) } ?? Data(),
                    retryAfter: response.headers.first(name: .retryAfter), now: clock.now()
                )
            }
        }
    }

    private func post(_ message: PushMessage, to deviceToken: String, bearer: String) async throws -> ClientResponse {
        let project = credentials.serviceAccount.projectID.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
        let envelope = Envelope(message: .init(
            token: deviceToken,
            notification: .init(title: message.title, body: message.body),
            data: message.data,
            apns: message.sound.map { .init(payload: .init(aps: .init(sound: $0))) }
        ))
        return try await client().post(URI(string: "\(credentials.baseURL)/v1/projects/\(project)/messages:send")) { request in
            request.headers.bearerAuthorization = BearerAuthorization(token: bearer)
            try request.content.encode(envelope, as: .json)
        }
    }

    /// Token endpoint failures: Google overloaded or out of reach is worth a retry; a refused
    /// assertion (a revoked key, a clock far off) is not until someone fixes the settings.
    static func outcome(of error: any Error) -> PushOutcome {
        switch error as? FCMAccessTokens.FetchError {
        case .unreachable?:
            return .retryLater(after: nil)
        case let .refused(status, _)? where status == 429 || status >= 500:
            return .retryLater(after: nil)
        case let .refused(status, detail)?:
            return .failed(reason: "the token endpoint answered \(status) \(detail)")
        case nil:
            return .failed(reason: "no access token: \(error)")
        }
    }
}
