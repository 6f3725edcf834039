import Foundation
import Logging

/// Every setting Sprout reads, from the environment (and, for `serve`, flags layered on top).
/// The README's configuration table lists the same names; keep the two in step.
public struct SproutConfig: Sendable {
    public enum Storage: Sendable, Equatable {
        case sqlite(path: String)
        case postgres(url: String)
    }

    /// Where lesson payments are checked: Sprout's own sandbox, or PortOne (iamport) REST API v1.
    public enum PaymentGateway: Sendable, Equatable {
        case sandbox
        case portOne(apiKey: String, apiSecret: String, baseURL: String)
    }

    public var dataDirectory: URL
    public var storage: Storage
    public var publicBaseURL: String?
    public var accessTokenLifetime: TimeInterval
    public var refreshTokenLifetime: TimeInterval
    public var maxUploadBytes: Int
    public var maxUploadCount: Int
    public var rateLimit: RateLimitSettings
    public var logLevel: Logger.Level
    /// Shared by every instance behind a load balancer; generated into the data directory when unset.
    public var tokenSecret: String?
    /// bcrypt's cost factor; tests lower it, production keeps the default.
    public var passwordCost: Int
    /// Seeds demo accounts and content the first time the database is empty.
    public var loadsDemoData: Bool
    public var payments: PaymentGateway

    public init(
        dataDirectory: URL,
        storage: Storage? = nil,
        publicBaseURL: String? = nil,
        accessTokenLifetime: TimeInterval = 5 * 60,
        refreshTokenLifetime: TimeInterval = 14 * 24 * 60 * 60,
        maxUploadBytes: Int = 10 * 1024 * 1024,
        maxUploadCount: Int = 5,
        rateLimit: RateLimitSettings = .off,
        logLevel: Logger.Level = .info,
        tokenSecret: String? = nil,
        passwordCost: Int = 12,
        loadsDemoData: Bool = true,
        payments: PaymentGateway = .sandbox
    ) {
        self.dataDirectory = dataDirectory
        self.storage = storage ?? .sqlite(path: dataDirectory.appendingPathComponent("sprout.sqlite").path)
        self.publicBaseURL = publicBaseURL
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.maxUploadBytes = maxUploadBytes
        self.maxUploadCount = maxUploadCount
        self.rateLimit = rateLimit
        self.logLevel = logLevel
        self.tokenSecret = tokenSecret
        self.passwordCost = passwordCost
        self.loadsDemoData = loadsDemoData
        self.payments = payments
    }

    /// Reads the configuration from environment variables, failing on values that do not parse
    /// rather than silently falling back to a default the operator did not ask for.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> SproutConfig {
        let reader = EnvironmentReader(env)
        let dataDirectory = URL(fileURLWithPath: env["SPROUT_DATA_DIR"] ?? ".sprout", isDirectory: true)
        var config = SproutConfig(dataDirectory: dataDirectory)
        if let url = env["DATABASE_URL"], !url.isEmpty {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw ConfigError.invalid(name: "DATABASE_URL", value: url, expected: "a postgres:// URL")
            }
            config.storage = .postgres(url: url)
        }
        config.publicBaseURL = env["SPROUT_PUBLIC_URL"].flatMap { $0.isEmpty ? nil : $0 }
        config.accessTokenLifetime = try reader.seconds("SPROUT_ACCESS_TOKEN_TTL", default: config.accessTokenLifetime)
        config.refreshTokenLifetime = try reader.seconds("SPROUT_REFRESH_TOKEN_TTL", default: config.refreshTokenLifetime)
        config.maxUploadBytes = try reader.integer("SPROUT_UPLOAD_MAX_BYTES", default: config.maxUploadBytes)
        config.maxUploadCount = try reader.integer("SPROUT_UPLOAD_MAX_COUNT", default: config.maxUploadCount)
        config.rateLimit = RateLimitSettings(
            requestsPerMinutePerIP: try reader.integer("SPROUT_RATE_LIMIT_IP", default: 600),
            requestsPerMinutePerAccount: try reader.integer("SPROUT_RATE_LIMIT_ACCOUNT", default: 300)
        )
        if let level = env["LOG_LEVEL"], !level.isEmpty {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ConfigError.invalid(name: "LOG_LEVEL", value: level, expected: "trace, debug, info, notice, warning, error or critical")
            }
            config.logLevel = parsed
        }
        config.tokenSecret = env["SPROUT_TOKEN_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        config.loadsDemoData = try reader.flag("SPROUT_DEMO_DATA", default: true)
        config.payments = try paymentGateway(env)
        return config
    }

    static func paymentGateway(_ env: [String: String]) throws -> PaymentGateway {
        switch env["SPROUT_PAYMENTS", default: ""].lowercased() {
        case "", "sandbox":
            return .sandbox
        case "portone":
            guard let key = env["PORTONE_API_KEY"], !key.isEmpty, let secret = env["PORTONE_API_SECRET"], !secret.isEmpty else {
                throw ConfigError.invalid(name: "SPROUT_PAYMENTS", value: "portone", expected: "PORTONE_API_KEY and PORTONE_API_SECRET set too")
            }
            let url = env["PORTONE_API_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.iamport.kr"
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw ConfigError.invalid(name: "PORTONE_API_URL", value: url, expected: "an http(s):// URL")
            }
            return .portOne(apiKey: key, apiSecret: secret, baseURL: url.hasSuffix("/") ? String(url.dropLast()) : url)
        case let other:
            throw ConfigError.invalid(name: "SPROUT_PAYMENTS", value: other, expected: "sandbox or portone")
        }
    }
}

public enum ConfigError: Error, CustomStringConvertible, Equatable {
    case invalid(name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .invalid(name, value, expected): "\(name)=\(value) is not valid: expected \(expected)"
        }
    }
}

private struct EnvironmentReader {
    let env: [String: String]
    init(_ env: [String: String]) { self.env = env }

    func integer(_ name: String, default value: Int) throws -> Int {
        guard let raw = env[name], !raw.isEmpty else { return value }
        guard let parsed = Int(raw), parsed >= 0 else {
            throw ConfigError.invalid(name: name, value: raw, expected: "a whole number ≥ 0")
        }
        return parsed
    }

    func seconds(_ name: String, default value: TimeInterval) throws -> TimeInterval {
        guard let raw = env[name], !raw.isEmpty else { return value }
        guard let parsed = Int(raw), parsed > 0 else {
            throw ConfigError.invalid(name: name, value: raw, expected: "a number of seconds > 0")
        }
        return TimeInterval(parsed)
    }

    func flag(_ name: String, default value: Bool) throws -> Bool {
        guard let raw = env[name], !raw.isEmpty else { return value }
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigError.invalid(name: name, value: raw, expected: "true or false")
        }
    }
}
