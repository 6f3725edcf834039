import Foundation
import PlatformCore
import Vapor

/// Push notifications' settings, read from the environment like a module's:
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `SPROUT_PUSH` | `log` | `log` (notifications go to the log, nothing is sent) or `fcm` |
/// | `SPROUT_FCM_SERVICE_ACCOUNT` | — | required with `SPROUT_PUSH=fcm`: the path of the service account key file (Firebase console → Project settings → Service accounts → Generate new private key), or that file's JSON itself (a value starting with `{`, for platforms that hand secrets over as variables). Its `project_id` is the project pushed through, its `token_uri` where access tokens come from |
/// | `FCM_BASE_URL` | `https://fcm.googleapis.com` | FCM's API root (tests point it at a fake) |
/// | `SPROUT_VAPID_PRIVATE_KEY` | made on first run, kept as `vapid-private-key` in the data folder | Web Push's P-256 key (32 bytes, base64url); every instance needs the same one |
/// | `SPROUT_VAPID_SUBJECT` | `SPROUT_PUBLIC_URL` when https, else `mailto:webpush@localhost` | how push services reach whoever runs this server (`mailto:` or `https:`) |
/// | `SPROUT_WEB_PUSH_HOSTS` | the browsers' push services | where browser subscriptions may point (`PushServiceHosts`) |
public struct PushSettings: Sendable, Equatable {
    public enum Provider: Sendable, Equatable {
        case log
        case fcm(FCMPushSender.Credentials)
    }

    public var provider: Provider
    public var vapidPrivateKey: String?
    public var vapidSubject: String?
    public var webPushHosts: PushServiceHosts

    public init(provider: Provider = .log, vapidPrivateKey: String? = nil, vapidSubject: String? = nil, webPushHosts: PushServiceHosts = .browsers) {
        self.provider = provider
        self.vapidPrivateKey = vapidPrivateKey
        self.vapidSubject = vapidSubject
        self.webPushHosts = webPushHosts
    }

    public init(environment env: EnvironmentReader) throws {
        self.init()
        vapidPrivateKey = env.string("SPROUT_VAPID_PRIVATE_KEY")
        if let key = vapidPrivateKey { _ = try VAPIDKey(privateKey: key) }
        vapidSubject = env.string("SPROUT_VAPID_SUBJECT")
        if let subject = vapidSubject, !(subject.hasPrefix("mailto:") || subject.hasPrefix("https://")) {
            throw ConfigError.invalid(name: "SPROUT_VAPID_SUBJECT", value: subject, expected: "a mailto: or https: URL")
        }
        webPushHosts = try PushServiceHosts(environment: env)
        switch env.string("SPROUT_PUSH")?.lowercased() ?? "log" {
        case "log": provider = .log
        case "fcm":
            provider = .fcm(.init(
                serviceAccount: try Self.serviceAccount(env.string("SPROUT_FCM_SERVICE_ACCOUNT")),
                baseURL: try env.httpURL("FCM_BASE_URL") ?? "https://fcm.googleapis.com"
            ))
        case let other: throw ConfigError.invalid(name: "SPROUT_PUSH", value: other, expected: "log or fcm")
        }
    }

    /// The key's JSON inline or in a file. A ConfigError names the path, never the JSON: its
    /// private key would land in the log of a failed start.
    static func serviceAccount(_ value: String?) throws -> FCMServiceAccount {
        let name = "SPROUT_FCM_SERVICE_ACCOUNT"
        guard let value else { throw ConfigError.invalid(name: name, value: "", expected: "a value when SPROUT_PUSH=fcm") }
        let inline = value.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{")
        let shown = inline ? "(JSON)" : value
        let json: Data
        if inline {
            json = Data(value.utf8)
        } else {
            guard let contents = FileManager.default.contents(atPath: value) else {
                throw ConfigError.invalid(name: name, value: shown, expected: "a readable service account key file, or its JSON")
            }
            json = contents
        }
        do {
            return try FCMServiceAccount(json: json)
        } catch {
            throw ConfigError.invalid(name: name, value: shown, expected: "a service account key (\(error.problem))")
        }
    }

    /// Web Push with the configured key, or the one kept in `dataDirectory` (made on first use).
    public func browserSender(dataDirectory: DataDirectory, publicURL: String?, clock: WallClock, ids: IdentifierGenerator,
                              logger: Logger = Logger(label: "sprout.push")) throws -> WebPushSender {
        let key = try VAPIDKey(privateKey: vapidPrivateKey ?? dataDirectory.secret(named: "vapid-private-key") { VAPIDKey.generate() })
        let subject = vapidSubject ?? publicURL.flatMap { $0.hasPrefix("https://") ? $0 : nil } ?? "mailto:webpush@localhost"
        return WebPushSender(key: key, subject: subject, hosts: webPushHosts, clock: clock, ids: ids, logger: logger)
    }

    /// The sender for `provider`; `client` is only asked for when FCM is configured.
    public func sender(client: @escaping @Sendable () -> any Client, clock: WallClock, logger: Logger = Logger(label: "sprout.push")) -> any PushSender {
        switch provider {
        case .log: LogPushSender(logger: logger)
        case let .fcm(credentials): FCMPushSender(credentials: credentials, client: client, clock: clock, logger: logger)
        }
    }
}
