import Vapor

/// Phone sign-in's settings, read from the environment like a module's:
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `SPROUT_FIREBASE_PROJECT` | `sprout-study` | the project id ID tokens name (`aud`, `iss`) |
/// | `SPROUT_SMS` | `development` | `development` (codes in the log and the emulator listing) or `twilio` |
/// | `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `TWILIO_FROM` | — | required with `SPROUT_SMS=twilio`; `TWILIO_FROM` is a number or an `MG…` Messaging Service SID |
/// | `TWILIO_BASE_URL` | `https://api.twilio.com` | Twilio's API root (tests point it at a fake) |
/// | `SPROUT_TEST_PHONE_NUMBERS` | — | `+821011112222=123456,…`: numbers that get no SMS and always take that code |
public struct PhoneSignInSettings: Sendable, Equatable {
    public enum Provider: Sendable, Equatable {
        case development
        case twilio(TwilioSMSSender.Credentials)
    }

    public var project: String
    public var provider: Provider
    /// E.164 number → its fixed code.
    public var testNumbers: [String: String]

    public init(project: String = "sprout-study", provider: Provider = .development, testNumbers: [String: String] = [:]) {
        self.project = project
        self.provider = provider
        self.testNumbers = testNumbers
    }

    public init(environment env: EnvironmentReader) throws {
        self.init()
        if let project = env.string("SPROUT_FIREBASE_PROJECT") {
            guard project.count <= 100, project.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw ConfigError.invalid(name: "SPROUT_FIREBASE_PROJECT", value: project, expected: "a project id of letters, digits and hyphens")
            }
            self.project = project
        }
        switch env.string("SPROUT_SMS")?.lowercased() ?? "development" {
        case "development": provider = .development
        case "twilio":
            func required(_ name: String) throws -> String {
                guard let value = env.string(name) else { throw ConfigError.invalid(name: name, value: "", expected: "a value when SPROUT_SMS=twilio") }
                return value
            }
            provider = .twilio(.init(
                accountSID: try required("TWILIO_ACCOUNT_SID"), authToken: try required("TWILIO_AUTH_TOKEN"),
                from: try required("TWILIO_FROM"), baseURL: try env.httpURL("TWILIO_BASE_URL") ?? "https://api.twilio.com"
            ))
        case let other: throw ConfigError.invalid(name: "SPROUT_SMS", value: other, expected: "development or twilio")
        }
        testNumbers = try Self.testNumbers(env.string("SPROUT_TEST_PHONE_NUMBERS") ?? "")
    }

    static func testNumbers(_ text: String) throws -> [String: String] {
        var numbers: [String: String] = [:]
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let phone = PhoneNumber.e164(String(parts[0])),
                  PhoneSignIn.isWellFormedCode(parts[1].trimmingCharacters(in: .whitespaces))
            else {
                throw ConfigError.invalid(name: "SPROUT_TEST_PHONE_NUMBERS", value: text, expected: "+821011112222=123456, comma-separated, six-digit codes")
            }
            numbers[phone] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return numbers
    }

    /// Whether codes are shown rather than sent: the development sender.
    public var showsCodes: Bool { provider == .development }

    /// The sender for `provider`; `client` is only asked for when a real provider is configured.
    public func sender(client: @escaping @Sendable () -> any Client, logger: Logger = Logger(label: "sprout.sms")) -> any SMSSender {
        switch provider {
        case .development: DevelopmentSMSSender(logger: logger)
        case let .twilio(credentials): TwilioSMSSender(credentials: credentials, client: client)
        }
    }
}
