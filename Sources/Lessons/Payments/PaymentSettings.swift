import Platform
import PlatformCore

/// Where lesson payments are checked: Sprout's own sandbox, or PortOne (iamport) REST API v1.
/// The lessons module's configuration section: `SPROUT_PAYMENTS`, `PORTONE_API_KEY`,
/// `PORTONE_API_SECRET`, `PORTONE_API_URL`.
public enum PaymentSettings: Sendable, Equatable {
    case sandbox
    case portOne(apiKey: String, apiSecret: String, baseURL: String)

    public init(environment: EnvironmentReader) throws {
        switch environment.string("SPROUT_PAYMENTS")?.lowercased() {
        case nil, "sandbox":
            self = .sandbox
        case "portone":
            guard let key = environment.string("PORTONE_API_KEY"), let secret = environment.string("PORTONE_API_SECRET") else {
                throw ConfigError.invalid(name: "SPROUT_PAYMENTS", value: "portone", expected: "PORTONE_API_KEY and PORTONE_API_SECRET set too")
            }
            self = .portOne(apiKey: key, apiSecret: secret, baseURL: try environment.httpURL("PORTONE_API_URL") ?? "https://api.iamport.kr")
        case let other?:
            throw ConfigError.invalid(name: "SPROUT_PAYMENTS", value: other, expected: "sandbox or portone")
        }
    }
}
