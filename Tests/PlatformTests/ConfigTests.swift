import Foundation
import Platform
import PlatformCore
import Testing

@Suite struct ConfigTests {
    @Test func defaultsWithoutEnvironment() throws {
        let config = try SproutConfig.fromEnvironment([:])
        #expect(config.dataDirectory.lastPathComponent == ".sprout")
        #expect(config.storage == .sqlite(path: config.dataDirectory.appendingPathComponent("sprout.sqlite").path))
        #expect(config.accessTokenLifetime == 300)
        #expect(config.refreshTokenLifetime == 14 * 24 * 3600)
        #expect(config.loadsDemoData)
        #expect(config.passwordCost == 10)
        #expect(config.rateLimit == RateLimitSettings(requestsPerMinutePerIP: 600, requestsPerMinutePerAccount: 300, loginsPerMinutePerIP: 30, failedLoginsPerMinutePerEmail: 5,
                                                      signupsPerHourPerIP: 20))
        #expect(config.conversationLimits == .standard)
    }

    @Test func readsEveryVariable() throws {
        let config = try SproutConfig.fromEnvironment([
            "SPROUT_DATA_DIR": "/tmp/elsewhere",
            "DATABASE_URL": "postgres://u:p@db:5432/sprout",
            "SPROUT_PUBLIC_URL": "https://sprout.example",
            "SPROUT_ACCESS_TOKEN_TTL": "60",
            "SPROUT_REFRESH_TOKEN_TTL": "3600",
            "SPROUT_UPLOAD_MAX_BYTES": "1000",
            "SPROUT_UPLOAD_MAX_COUNT": "3",
            "SPROUT_RATE_LIMIT_IP": "10",
            "SPROUT_RATE_LIMIT_ACCOUNT": "5",
            "SPROUT_LOGIN_LIMIT_IP": "7",
            "SPROUT_LOGIN_LIMIT_EMAIL": "2",
            "SPROUT_TOKEN_SECRET": String(repeating: "shared-", count: 5),
            "SPROUT_PASSWORD_COST": "12",
            "SPROUT_DEMO_DATA": "false",
            "LOG_LEVEL": "DEBUG",
            "SPROUT_SOCKET_PING_INTERVAL": "5000",
            "SPROUT_LIVE_PER_CLIENT": "7",
            "SPROUT_LIVE_MAX": "900",
            "SPROUT_ACCESS_CHECK_INTERVAL": "500",
            "SPROUT_APPOINTMENT_REMINDER_SECONDS": "5",
            "SPROUT_SIGNUP_LIMIT_IP": "4",
            "SPROUT_CONVERSATION_LIMIT": "9",
            "SPROUT_CONVERSATION_LIMIT_NEW": "0",
            "SPROUT_INSTANCE": "eu-2",
        ])
        #expect(config.instanceName == "eu-2")
        #expect(config.conversationLimits == ConversationLimits(perHour: 9, perHourInFirstDay: 0))
        #expect(config.dataDirectory.path == "/tmp/elsewhere")
        #expect(config.storage == .postgres(url: "postgres://u:p@db:5432/sprout"))
        #expect(config.publicBaseURL == "https://sprout.example")
        #expect(config.accessTokenLifetime == 60)
        #expect(config.refreshTokenLifetime == 3600)
        #expect(config.maxUploadBytes == 1000)
        #expect(config.maxUploadCount == 3)
        #expect(config.rateLimit == RateLimitSettings(requestsPerMinutePerIP: 10, requestsPerMinutePerAccount: 5, loginsPerMinutePerIP: 7, failedLoginsPerMinutePerEmail: 2,
                                                      signupsPerHourPerIP: 4))
        #expect(config.tokenSecret == String(repeating: "shared-", count: 5))
        #expect(config.passwordCost == 12)
        #expect(!config.loadsDemoData)
        #expect(config.logLevel == .debug)
        #expect(config.socketPingInterval == .seconds(5) && config.livePerClient == 7 && config.liveTotal == 900)
        #expect(config.liveAccessCheckInterval == .milliseconds(500))
        #expect(config.appointmentReminderInterval == .seconds(5))
    }

    @Test(arguments: [
        ("SPROUT_ACCESS_TOKEN_TTL", "soon"),
        ("SPROUT_ACCESS_TOKEN_TTL", "0"),
        ("SPROUT_UPLOAD_MAX_BYTES", "-1"),
        ("SPROUT_DEMO_DATA", "maybe"),
        ("LOG_LEVEL", "loud"),
        ("DATABASE_URL", "mysql://db/sprout"),
        ("SPROUT_PASSWORD_COST", "9"),
        ("SPROUT_PASSWORD_COST", "17"),
        ("SPROUT_PASSWORD_COST", "ten"),
        ("SPROUT_TOKEN_SECRET", "too short to sign with"),
        ("SPROUT_PUBLIC_URL", "notaurl"),
        ("SPROUT_PUBLIC_URL", "https://"),
        ("SPROUT_TRUSTED_PROXIES", "garbage"),
        ("SPROUT_TRUSTED_PROXIES", "10.0.0.1, 10.0.0.0/8"),
        ("SPROUT_UPLOAD_MAX_BYTES", "0"),
        ("SPROUT_UPLOAD_MAX_COUNT", "0"),
        ("SPROUT_SOCKET_PING_INTERVAL", "99"),
        ("SPROUT_SOCKET_PING_INTERVAL", "often"),
        ("SPROUT_LIVE_PER_CLIENT", "0"),
        ("SPROUT_LIVE_MAX", "0"),
        ("SPROUT_LIVE_MAX", "lots"),
        ("SPROUT_ACCESS_CHECK_INTERVAL", "99"),
        ("SPROUT_APPOINTMENT_REMINDER_SECONDS", "0"),
        ("SPROUT_APPOINTMENT_REMINDER_SECONDS", "hourly"),
        ("SPROUT_SIGNUP_LIMIT_IP", "-1"),
        ("SPROUT_INSTANCE", "a.b"),
        ("SPROUT_CACHE", "no"),
        ("SPROUT_INSTANCE", String(repeating: "a", count: 33)),
    ])
    func refusesValuesThatDoNotParse(name: String, value: String) {
        #expect(throws: ConfigError.self) { try SproutConfig.fromEnvironment([name: value]) }
        do {
            _ = try SproutConfig.fromEnvironment([name: value])
        } catch {
            #expect(String(describing: error).hasPrefix(name + "="), "one line naming the variable")
        }
    }

    @Test func proxiesMayBeEitherFamilyAndThePublicURLLosesItsSlash() throws {
        let config = try SproutConfig.fromEnvironment(["SPROUT_TRUSTED_PROXIES": "10.0.0.1, ::1", "SPROUT_PUBLIC_URL": "https://sprout.example/"])
        #expect(config.trustedProxies == ["10.0.0.1", "::1"] && config.publicBaseURL == "https://sprout.example")
    }

    @Test func settingsReadElsewhereAreRefusedAtStartToo() throws {
        #expect(throws: ConfigError.invalid(name: "SPROUT_FIREBASE_PROJECT", value: "", expected: "a project id of letters, digits and hyphens")) {
            try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_FIREBASE_PROJECT": ""]))
        }
        #expect(throws: ConfigError.self) { try DataDirectory(URL(fileURLWithPath: "/proc/nope")) }
    }
}
