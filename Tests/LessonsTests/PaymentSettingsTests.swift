import Lessons
import Platform
import PlatformCore
import Testing

/// The lessons module reads its own configuration section; a bad value names its variable.
@Suite struct PaymentSettingsTests {
    @Test func unsetIsTheSandbox() throws {
        #expect(try PaymentSettings(environment: EnvironmentReader([:])) == .sandbox)
        #expect(try PaymentSettings(environment: EnvironmentReader(["SPROUT_PAYMENTS": "Sandbox"])) == .sandbox)
    }

    @Test func portOneTakesItsKeysAndURL() throws {
        let settings = try PaymentSettings(environment: EnvironmentReader([
            "SPROUT_PAYMENTS": "portone", "PORTONE_API_KEY": "key", "PORTONE_API_SECRET": "secret", "PORTONE_API_URL": "http://127.0.0.1:9/",
        ]))
        #expect(settings == .portOne(apiKey: "key", apiSecret: "secret", baseURL: "http://127.0.0.1:9"))
        let defaulted = try PaymentSettings(environment: EnvironmentReader(["SPROUT_PAYMENTS": "portone", "PORTONE_API_KEY": "k", "PORTONE_API_SECRET": "s"]))
        #expect(defaulted == .portOne(apiKey: "k", apiSecret: "s", baseURL: "https://api.iamport.kr"))
    }

    @Test(arguments: [
        (["SPROUT_PAYMENTS": "stripe"], "SPROUT_PAYMENTS"),
        (["SPROUT_PAYMENTS": "portone"], "SPROUT_PAYMENTS"),
        (["SPROUT_PAYMENTS": "portone", "PORTONE_API_KEY": "k", "PORTONE_API_SECRET": "s", "PORTONE_API_URL": "ftp://x"], "PORTONE_API_URL"),
    ])
    func badValuesNameTheirVariable(environment: [String: String], variable: String) {
        #expect {
            try PaymentSettings(environment: EnvironmentReader(environment))
        } throws: { error in
            guard case let ConfigError.invalid(name, _, _) = error else { return false }
            return name == variable
        }
    }
}
