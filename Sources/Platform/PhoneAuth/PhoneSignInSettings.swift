import PlatformCore
import Vapor

/// Phone sign-in's settings, read from the environment like a module's:
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `SPROUT_FIREBASE_PROJECT` | `sprout-study` | the project id ID tokens name (`aud`, `iss`) |
/// | `SPROUT_SMS` | `development` | `development` (codes in the log and the emulator listing; refused in production), `twilio`, or `test-numbers-only` (no SMS: only `SPROUT_TEST_PHONE_NUMBERS` sign in) |
/// | `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `TWILIO_FROM` | — | required with `SPROUT_SMS=twilio`; `TWILIO_FROM` is a number or an `MG…` Messaging Service SID |
/// | `TWILIO_BASE_URL` | `https://api.twilio.com` | Twilio's API root (tests point it at a fake) |
/// | `SPROUT_TEST_PHONE_NUMBERS` | — | `+821011112222=123456,…`: numbers that get no SMS and always take that code |
/// | `SPROUT_SMS_COUNTRIES` | `82` | the country calling codes codes are sent to, comma-separated (`82,1`) |
public struct PhoneSignInSettings: Sendable, Equatable {
    public enum Provider: Sendable, Equatable {
        case development
        case twilio(TwilioSMSSender.Credentials)
        /// No SMS at all: only the test numbers sign in (a staging server, a store review).
        case testNumbersOnly
    }

    public var project: String
    public var provider: Provider
    /// E.164 number → its fixed code.
    public var testNumbers: [String: String]
    /// Country calling codes (`82`), so that a number elsewhere, where texts cost more and pumping
    /// fraud lives, gets none.
    public var countries: [String]

    public init(project: String = "sprout-study", provider: Provider = .development, testNumbers: [String: String] = [:], countries: [String] = ["82"]) {
        self.project = project
        self.provider = provider
        self.testNumbers = testNumbers
        self.countries = countries
    }

    /// - Parameter production: refuses the development sender, which shows every code it sends to
    ///   anyone who asks the emulator's listing.
    public init(environment env: EnvironmentReader, production: Bool = false) throws {
        self.init()
        if env.isSetEmpty("SPROUT_FIREBASE_PROJECT") {
            throw ConfigError.invalid(name: "SPROUT_FIREBASE_PROJECT", value: "", expected: "a project id of letters, digits and hyphens")
        }
        if let project = env.string("SPROUT_FIREBASE_PROJECT") {
            guard project.count <= 100, project.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw ConfigError.invalid(name: "SPROUT_FIREBASE_PROJECT", value: project, expected: "a project id of letters, digits and hyphens")
            }
            self.project = project
        }
        switch env.string("SPROUT_SMS")?.lowercased() ?? "development" {
        case "development" where production:
            throw ConfigError.invalid(
                name: "SPROUT_SMS", value: "development",
                expected: "twilio, or test-numbers-only with SPROUT_TEST_PHONE_NUMBERS, in production (the development sender lists every code it sends)"
            )
        case "development": provider = .development
        case "test-numbers-only": provider = .testNumbersOnly
        case "twilio":
            func required(_ name: String) throws -> String {
                guard let value = env.string(name) else { throw ConfigError.invalid(name: name, value: "", expected: "a value when SPROUT_SMS=twilio") }
                return value
            }
            provider = .twilio(.init(
                accountSID: try required("TWILIO_ACCOUNT_SID"), authToken: try required("TWILIO_AUTH_TOKEN"),
                from: try required("TWILIO_FROM"), baseURL: try env.httpURL("TWILIO_BASE_URL") ?? "https://api.twilio.com"
            ))
        case let other: throw ConfigError.invalid(name: "SPROUT_SMS", value: other, expected: "development, twilio or test-numbers-only")
        }
        testNumbers = try Self.testNumbers(env.string("SPROUT_TEST_PHONE_NUMBERS") ?? "")
        if let list = env.string("SPROUT_SMS_COUNTRIES") {
            countries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.map { $0.hasPrefix("+") ? String($0.dropFirst()) : $0 }
            guard !countries.isEmpty, countries.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
                throw ConfigError.invalid(name: "SPROUT_SMS_COUNTRIES", value: list, expected: "country calling codes such as 82 or 82,1")
            }
        }
        if provider == .testNumbersOnly, testNumbers.isEmpty {
            throw ConfigError.invalid(name: "SPROUT_TEST_PHONE_NUMBERS", value: "", expected: "at least one number with SPROUT_SMS=test-numbers-only")
        }
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

    /// Whether an E.164 number is in one of `countries` (calling codes are prefix-free).
    public func allowsCountry(of e164: String) -> Bool {
        countries.contains { e164.hasPrefix("+" + $0) }
    }

    /// Whether numbers other than the test numbers get a code.
    public var sendsCodes: Bool { provider != .testNumbersOnly }

    /// The sender for `provider`; `client` is only asked for when a real provider is configured.
    public func sender(client: @escaping @Sendable () -> any Client, logger: Logger = Logger(label: "sprout.sms")) -> any SMSSender {
        switch provider {
        case .development: DevelopmentSMSSender(logger: logger)
        case let .twilio(credentials): TwilioSMSSender(credentials: credentials, client: client)
        case .testNumbersOnly: NoSMSSender()
        }
    }
}

/// The sender of a server that signs in its test numbers only: `PhoneSignIn` refuses every other
/// number before it would send.
struct NoSMSSender: SMSSender {
    func send(code: String, to phoneNumber: String) async throws {
        throw PhoneSignInError.numberNotAllowed
    }
}
