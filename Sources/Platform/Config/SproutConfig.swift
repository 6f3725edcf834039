import Foundation
import Logging
import PlatformCore

/// Every setting Sprout reads, from the environment (and, for `serve`, flags layered on top).
/// The README's configuration table lists the same names; keep the two in step.
public struct SproutConfig: Sendable {
    public var dataDirectory: URL
    public var storage: DatabaseStorage
    public var publicBaseURL: String?
    public var accessTokenLifetime: TimeInterval
    public var refreshTokenLifetime: TimeInterval
    public var maxUploadBytes: Int
    public var maxUploadCount: Int
    public var rateLimit: RateLimitSettings
    /// Verification codes per hour per number and per client address (`PhoneCodeLimits`).
    public var phoneCodeLimits: PhoneCodeLimits = .off
    /// Reverse proxies whose `X-Forwarded-For`/`Forwarded` headers name the client.
    public var trustedProxies: [String] = []
    public var logLevel: Logger.Level
    /// Shared by every instance behind a load balancer; generated into the data directory when unset.
    public var tokenSecret: String?
    /// bcrypt's cost factor (`SPROUT_PASSWORD_COST`). The default, 10, is OWASP's minimum for
    /// bcrypt; tests lower it in code, the environment may only raise it.
    public var passwordCost: Int
    /// Seeds demo accounts and content the first time the database is empty.
    public var loadsDemoData: Bool
    /// Registers (and prints) the development API key kept in the data directory, on a
    /// development install or with the demo asked for; otherwise a dev key registered before is
    /// revoked.
    public var registersDevAPIKey = true
    /// Seconds a connection may neither send nor receive a byte before it is closed: a request
    /// whose head never finishes (slowloris) or a peer gone silent. Longer than a Socket.IO
    /// long-poll waits (`SPROUT_SOCKET_PING_INTERVAL`).
    public var idleTimeoutSeconds = 90
    /// Between the Socket.IO endpoint's pings (Socket.IO's own 25 s); a session that leaves one
    /// unanswered until the next is closed.
    public var socketPingInterval: Duration = .seconds(25)
    /// This instance's name among several behind one balancer (`SPROUT_INSTANCE`): every
    /// Socket.IO session id it makes starts with it, so the balancer can route a session's
    /// requests to the instance that holds it (README, "Several instances").
    public var instanceName: String?
    /// New conversations with strangers one account may start in an hour.
    public var conversationLimits: ConversationLimits = .off
    /// Live connections (event streams and Socket.IO sessions) one client address may hold open.
    public var livePerClient = 100
    /// Live connections the whole instance may hold; nil: what the descriptor limit leaves after
    /// the server's own reserve (`LiveConnections.descriptorBudget`).
    public var liveTotal: Int?
    /// How often each instance checks that the access its live connections rest on still holds.
    public var liveAccessCheckInterval: Duration = .seconds(2)
    /// How often each instance looks for appointment reminders due (`AppointmentReminders`).
    public var appointmentReminderInterval: Duration = .seconds(60)
    /// Whether hot reads keep their answers between writes (`SPROUT_CACHE`, README "What is
    /// cached"); off, every read asks the database.
    public var cachesReads = true
    /// `sprout serve --env production`: what only development may do is refused at start.
    public var isProduction = false
    /// The variables modules read their own settings from (`AppModule.init(context:)`).
    public var environment: EnvironmentReader

    public init(
        dataDirectory: URL,
        storage: DatabaseStorage? = nil,
        publicBaseURL: String? = nil,
        accessTokenLifetime: TimeInterval = 5 * 60,
        refreshTokenLifetime: TimeInterval = 14 * 24 * 60 * 60,
        maxUploadBytes: Int = 10 * 1024 * 1024,
        maxUploadCount: Int = 5,
        rateLimit: RateLimitSettings = .off,
        logLevel: Logger.Level = .info,
        tokenSecret: String? = nil,
        passwordCost: Int = PasswordHashing.minimumCost,
        loadsDemoData: Bool = true,
        environment: [String: String] = [:]
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
        self.environment = EnvironmentReader(environment)
    }

    /// Whether people reach Sprout over https (through a proxy that terminates TLS): cookies are
    /// then `Secure` and browsers are told to stay on https.
    public var servesHTTPS: Bool { publicBaseURL?.lowercased().hasPrefix("https://") ?? false }

    /// The shortest token-signing secret accepted: SHA-256's digest length.
    public static let minimumTokenSecretBytes = 32

    /// Reads the configuration from environment variables, failing on values that do not parse
    /// rather than silently falling back to a default the operator did not ask for.
    ///
    /// - Parameters:
    ///   - production: `--env production`.
    ///   - command: the `sprout` command about to run: only `serve` loads demo data on its own.
    public static func fromEnvironment(
        _ env: [String: String] = ProcessInfo.processInfo.environment, production: Bool = false, command: String = "serve"
    ) throws -> SproutConfig {
        let reader = EnvironmentReader(env)
        let dataDirectory = URL(fileURLWithPath: env["SPROUT_DATA_DIR"] ?? ".sprout", isDirectory: true)
        var config = SproutConfig(dataDirectory: dataDirectory, environment: env)
        if let url = env["DATABASE_URL"], !url.isEmpty {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw ConfigError.invalid(name: "DATABASE_URL", value: url, expected: "a postgres:// URL")
            }
            config.storage = .postgres(url: url)
        }
        config.publicBaseURL = try reader.httpURL("SPROUT_PUBLIC_URL")
        config.accessTokenLifetime = try reader.seconds("SPROUT_ACCESS_TOKEN_TTL", default: config.accessTokenLifetime)
        config.refreshTokenLifetime = try reader.seconds("SPROUT_REFRESH_TOKEN_TTL", default: config.refreshTokenLifetime)
        config.maxUploadBytes = try reader.integer("SPROUT_UPLOAD_MAX_BYTES", default: config.maxUploadBytes)
        // 0 would refuse every photo as "too large" (or every upload as too many).
        guard config.maxUploadBytes >= 1 else { throw ConfigError.invalid(name: "SPROUT_UPLOAD_MAX_BYTES", value: "0", expected: "a number of bytes above 0") }
        config.maxUploadCount = try reader.integer("SPROUT_UPLOAD_MAX_COUNT", default: config.maxUploadCount)
        guard config.maxUploadCount >= 1 else { throw ConfigError.invalid(name: "SPROUT_UPLOAD_MAX_COUNT", value: "0", expected: "a number of files above 0") }
        config.rateLimit = RateLimitSettings(
            requestsPerMinutePerIP: try reader.integer("SPROUT_RATE_LIMIT_IP", default: 600),
            requestsPerMinutePerAccount: try reader.integer("SPROUT_RATE_LIMIT_ACCOUNT", default: 300),
            loginsPerMinutePerIP: try reader.integer("SPROUT_LOGIN_LIMIT_IP", default: 30),
            failedLoginsPerMinutePerEmail: try reader.integer("SPROUT_LOGIN_LIMIT_EMAIL", default: 5),
            signupsPerHourPerIP: try reader.integer("SPROUT_SIGNUP_LIMIT_IP", default: 20)
        )
        config.conversationLimits = ConversationLimits(
            perHour: try reader.integer("SPROUT_CONVERSATION_LIMIT", default: ConversationLimits.standard.perHour),
            perHourInFirstDay: try reader.integer("SPROUT_CONVERSATION_LIMIT_NEW", default: ConversationLimits.standard.perHourInFirstDay)
        )
        config.phoneCodeLimits = PhoneCodeLimits(
            perPhonePerHour: try reader.integer("SPROUT_SMS_LIMIT_PHONE", default: PhoneCodeLimits.standard.perPhonePerHour),
            perClientPerHour: try reader.integer("SPROUT_SMS_LIMIT_IP", default: PhoneCodeLimits.standard.perClientPerHour),
            perHour: try reader.integer("SPROUT_SMS_LIMIT_HOUR", default: PhoneCodeLimits.standard.perHour)
        )
        config.trustedProxies = (env["SPROUT_TRUSTED_PROXIES"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let wrong = config.trustedProxies.first(where: { !IPAddressText.isAddress($0) }) {
            throw ConfigError.invalid(name: "SPROUT_TRUSTED_PROXIES", value: wrong, expected: "IP addresses of the proxies, comma-separated")
        }
        if let level = env["LOG_LEVEL"], !level.isEmpty {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ConfigError.invalid(name: "LOG_LEVEL", value: level, expected: "trace, debug, info, notice, warning, error or critical")
            }
            config.logLevel = parsed
        }
        switch env["SPROUT_CACHE"]?.lowercased() {
        case nil, "", "on": config.cachesReads = true
        case "off": config.cachesReads = false
        case let other?: throw ConfigError.invalid(name: "SPROUT_CACHE", value: other, expected: "on or off")
        }
        config.idleTimeoutSeconds = try reader.integer("SPROUT_IDLE_TIMEOUT", default: config.idleTimeoutSeconds)
        guard (1...3600).contains(config.idleTimeoutSeconds) else {
            throw ConfigError.invalid(name: "SPROUT_IDLE_TIMEOUT", value: String(config.idleTimeoutSeconds), expected: "1 to 3600 seconds")
        }
        let ping = try reader.integer("SPROUT_SOCKET_PING_INTERVAL", default: 25_000)
        guard (100...300_000).contains(ping) else {
            throw ConfigError.invalid(name: "SPROUT_SOCKET_PING_INTERVAL", value: String(ping), expected: "100 to 300000 milliseconds")
        }
        config.socketPingInterval = .milliseconds(ping)
        if let name = env["SPROUT_INSTANCE"], !name.isEmpty {
            guard name.count <= 32, name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }) else {
                throw ConfigError.invalid(name: "SPROUT_INSTANCE", value: name, expected: "1 to 32 letters, digits or '-'")
            }
            config.instanceName = name
        }
        config.livePerClient = try reader.integer("SPROUT_LIVE_PER_CLIENT", default: config.livePerClient)
        guard config.livePerClient >= 1 else {
            throw ConfigError.invalid(name: "SPROUT_LIVE_PER_CLIENT", value: String(config.livePerClient), expected: "a number of connections above 0")
        }
        if let total = env["SPROUT_LIVE_MAX"], !total.isEmpty {
            guard let parsed = Int(total), parsed >= 1 else {
                throw ConfigError.invalid(name: "SPROUT_LIVE_MAX", value: total, expected: "a number of connections above 0")
            }
            config.liveTotal = parsed
        }
        let check = try reader.integer("SPROUT_ACCESS_CHECK_INTERVAL", default: 2000)
        guard (100...60_000).contains(check) else {
            throw ConfigError.invalid(name: "SPROUT_ACCESS_CHECK_INTERVAL", value: String(check), expected: "100 to 60000 milliseconds")
        }
        config.liveAccessCheckInterval = .milliseconds(check)
        let reminders = try reader.integer("SPROUT_APPOINTMENT_REMINDER_SECONDS", default: 60)
        guard (1...86_400).contains(reminders) else {
            throw ConfigError.invalid(name: "SPROUT_APPOINTMENT_REMINDER_SECONDS", value: String(reminders), expected: "1 to 86400 seconds")
        }
        config.appointmentReminderInterval = .seconds(reminders)
        config.passwordCost = try reader.integer("SPROUT_PASSWORD_COST", default: config.passwordCost)
        guard PasswordHashing.configurableCosts.contains(config.passwordCost) else {
            throw ConfigError.invalid(
                name: "SPROUT_PASSWORD_COST", value: String(config.passwordCost),
                expected: "a bcrypt cost from \(PasswordHashing.configurableCosts.lowerBound) to \(PasswordHashing.configurableCosts.upperBound)"
            )
        }
        config.tokenSecret = env["SPROUT_TOKEN_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        // HS256 wants a key at least as long as its digest; a shorter one is guessable offline.
        if let secret = config.tokenSecret, secret.utf8.count < minimumTokenSecretBytes {
            throw ConfigError.invalid(name: "SPROUT_TOKEN_SECRET", value: "(\(secret.utf8.count) bytes)", expected: "at least \(minimumTokenSecretBytes) bytes")
        }
        config.isProduction = production
        // Demo accounts share a published password, and the dev key is printed on every start:
        // both only on a development install, unless the operator asks for the demo.
        let development = !production && !config.servesHTTPS
        let demo = try reader.flag("SPROUT_DEMO_DATA")
        config.registersDevAPIKey = development || demo == true
        config.loadsDemoData = command == "serve" && (demo ?? development)
        return config
    }
}
