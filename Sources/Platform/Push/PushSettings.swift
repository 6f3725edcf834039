import Foundation
import Vapor

/// Push notifications' settings, read from the environment like a module's:
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `SPROUT_PUSH` | `log` | `log` (notifications go to the log, nothing is sent) or `fcm` |
/// | `SPROUT_FCM_SERVICE_ACCOUNT` | — | required with `SPROUT_PUSH=fcm`: the path of the service account key file (Firebase console → Project settings → Service accounts → Generate new private key), or that file's JSON itself (a value starting with `{`, for platforms that hand secrets over as variables). Its `project_id` is the project pushed through, its `token_uri` where access tokens come from |
/// | `FCM_BASE_URL` | `https://fcm.googleapis.com` | FCM's API root (tests point it at a fake) |
public struct PushSettings: Sendable, Equatable {
    public enum Provider: Sendable, Equatable {
        case log
        case fcm(FCMPushSender.Credentials)
    }

    public var provider: Provider

    public init(provider: Provider = .log) {
        self.provider = provider
    }

    public init(environment env: EnvironmentReader) throws {
        self.init()
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

    /// The sender for `provider`; `client` is only asked for when FCM is configured.
    public func sender(client: @escaping @Sendable () -> any Client, clock: WallClock, logger: Logger = Logger(label: "sprout.push")) -> any PushSender {
        switch provider {
        case .log: LogPushSender(logger: logger)
        case let .fcm(credentials): FCMPushSender(credentials: credentials, client: client, clock: clock, logger: logger)
        }
    }
}
