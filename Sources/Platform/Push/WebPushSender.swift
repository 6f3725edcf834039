import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore
import Vapor

/// A browser's Web Push subscription: `PushSubscription.endpoint` and its `keys`.
public struct BrowserSubscription: Sendable, Equatable {
    public let endpoint: String
    public let p256dh: String
    public let auth: String
}

/// Sends a notification to one browser. `WebPushSender` is the real one; tests record instead.
public protocol BrowserPushSender: Sendable {
    /// The VAPID public key browsers subscribe with (`applicationServerKey`).
    var serverKey: String { get }
    /// Never throws, as `PushSender.send`.
    func send(_ message: PushMessage, to subscription: BrowserSubscription) async -> PushOutcome
    func shutdown() async
}

/// Web Push (RFC 8030) with VAPID (RFC 8292) and `aes128gcm` payloads (RFC 8291): one POST of
/// the encrypted notification to the subscription's endpoint. The service worker
/// (`/push-sw.js`) shows it.
public final class WebPushSender: BrowserPushSender {
    /// A push older than a day is stale: the push service may drop it rather than deliver it late.
    static let timeToLive = 86_400

    /// What the service worker reads: `{title, body, link, tag}`.
    struct Payload: Encodable {
        let title: String
        let body: String
        let link: String?
        let tag: String?
    }

    let key: VAPIDKey
    /// `sub` of every VAPID token: how a push service reaches whoever runs this server.
    let subject: String
    let hosts: PushServiceHosts
    let clock: WallClock
    let ids: IdentifierGenerator
    let logger: Logger
    /// A client of its own, which never follows a redirect: a push goes to the endpoint checked
    /// against `hosts`, not wherever that answer points.
    private let http: HTTPClient

    public init(key: VAPIDKey, subject: String, hosts: PushServiceHosts, clock: WallClock, ids: IdentifierGenerator, logger: Logger = Logger(label: "sprout.push")) {
        self.key = key
        self.subject = subject
        self.hosts = hosts
        self.clock = clock
        self.ids = ids
        self.logger = logger
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10)))
        configuration.httpVersion = .automatic
        http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    public var serverKey: String { key.publicKey }

    public func shutdown() async {
        try? await http.shutdown()
    }

    public func send(_ message: PushMessage, to subscription: BrowserSubscription) async -> PushOutcome {
        let outcome = await post(message, to: subscription)
        // The endpoint's path is the subscription's secret: logs get the push service only.
        let endpoint = URL(string: subscription.endpoint)?.host ?? "-"
        switch outcome {
        case .sent: break
        case let .dropToken(reason):
            logger.info("push: the browser's subscription has ended", metadata: ["endpoint": .string(endpoint), "reason": .string(reason)])
        case let .retryLater(after):
            logger.warning("push: the push service asks to retry later", metadata: ["endpoint": .string(endpoint), "after": .string(after.map { "\($0)s" } ?? "-")])
        case let .failed(reason):
            logger.error("push: not sent", metadata: ["endpoint": .string(endpoint), "reason": .string(reason)])
        }
        return outcome
    }

    private func post(_ message: PushMessage, to subscription: BrowserSubscription) async -> PushOutcome {
        // Subscribing checked the endpoint; checked again, as the list may have changed since.
        guard let endpoint = URL(string: subscription.endpoint), hosts.admits(endpoint) else {
            return .dropToken(reason: "the endpoint is not a push service this server sends to")
        }
        let request: HTTPClientRequest
        do {
            request = try encrypted(message, to: subscription, endpoint: endpoint)
        } catch {
            return .dropToken(reason: "the subscription's keys are unusable")
        }
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(15))
        } catch {
            return .retryLater(after: nil)
        }
        let detail = String(buffer: (try? await response.body.collect(upTo: 4096)) ?? ByteBuffer())
        switch response.status.code {
        case 200..<300:
            return .sent
        // RFC 8030 §7.3: the subscription expired or was removed.
        case 404, 410:
            return .dropToken(reason: "\(response.status.code)")
        case 429, 500..<600:
            return .retryLater(after: RetryAfter.seconds(response.headers.first(name: "retry-after"), now: clock.now()))
        default:
            return .failed(reason: "the push service answered \(response.status.code): \(detail.prefix(200))")
        }
    }

    private func encrypted(_ message: PushMessage, to subscription: BrowserSubscription, endpoint: URL) throws -> HTTPClientRequest {
        let recipient = try WebPushEncryption.Recipient(p256dh: subscription.p256dh, auth: subscription.auth)
        let body = try WebPushEncryption.encrypt(Self.plaintext(message), for: recipient, serverKey: P256.KeyAgreement.PrivateKey(), salt: ids.bytes(16))
        var request = HTTPClientRequest(url: subscription.endpoint)
        request.method = .POST
        request.headers.add(name: "Authorization", value: try key.authorization(for: endpoint, subject: subject, expires: clock.now().addingTimeInterval(12 * 3600)))
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: "\(Self.timeToLive)")
        request.headers.add(name: "Urgency", value: "normal")
        request.body = .bytes(ByteBuffer(data: body))
        return request
    }

    /// The payload as JSON, its body shortened until the whole fits one record.
    static func plaintext(_ message: PushMessage) throws -> Data {
        var body = message.body
        while true {
            let json = try JSONEncoder().encode(Payload(title: message.title, body: body, link: message.data["link"], tag: message.data["tag"]))
            if json.count <= WebPushEncryption.maxPlaintext || body.isEmpty { return json }
            body = String(body.prefix(body.count / 2)) + "…"
        }
    }
}
