import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Testing
import Vapor

/// Phone sign-in under `--env production` (issue 29): the development sender, which lists every
/// code it "sends" to anyone who asks, never runs there.
@Suite struct PhoneAuthProductionTests {
    func settings(_ env: [String: String], production: Bool = true) throws -> PhoneSignInSettings {
        try PhoneSignInSettings(environment: EnvironmentReader(env), production: production)
    }

    @Test func productionRefusesTheDevelopmentSenderNamingTheVariable() throws {
        for env in [[:], ["SPROUT_SMS": "development"], ["SPROUT_SMS": "Development", "SPROUT_TEST_PHONE_NUMBERS": "+821011112222=123456"]] {
            #expect(throws: ConfigError.self, "\(env)") { try settings(env) }
            do {
                _ = try settings(env)
            } catch let error as ConfigError {
                #expect(error.description.hasPrefix("SPROUT_SMS="))
            }
        }
        #expect(try settings([:], production: false).showsCodes, "development still shows codes")
        #expect(throws: ConfigError.invalid(name: "SPROUT_TEST_PHONE_NUMBERS", value: "", expected: "at least one number with SPROUT_SMS=test-numbers-only")) {
            try settings(["SPROUT_SMS": "test-numbers-only"])
        }
        let testOnly = try settings(["SPROUT_SMS": "test-numbers-only", "SPROUT_TEST_PHONE_NUMBERS": "+821011112222=123456"])
        #expect(!testOnly.showsCodes && !testOnly.sendsCodes)
        let twilio = try settings(["SPROUT_SMS": "twilio", "TWILIO_ACCOUNT_SID": "AC1", "TWILIO_AUTH_TOKEN": "t", "TWILIO_FROM": "+1"])
        #expect(!twilio.showsCodes && twilio.sendsCodes)
    }

    @Test func aProductionServerListsNoCodesAndSignsInOnlyItsTestNumbers() async throws {
        try await withSprout(configure: { config in
            config.isProduction = true
            config.environment = EnvironmentReader(["SPROUT_SMS": "test-numbers-only", "SPROUT_TEST_PHONE_NUMBERS": "+821011112222=123456"])
        }) { sprout in
            let listing = try await sprout.send(.GET, "emulator/v1/projects/sprout-study/verificationCodes")
            #expect(listing.status == .notFound)
            let sent = try await sprout.send(.POST, "identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=k", json: ["phoneNumber": "+821011112222"])
            #expect(sent.status == .ok)
            let sessionInfo = try #require(try sent.jsonObject()["sessionInfo"] as? String)
            let signedIn = try await sprout.send(.POST, "identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=k", json: ["sessionInfo": sessionInfo, "code": "123456"])
            #expect(signedIn.status == .ok)

            let refused = try await sprout.send(.POST, "identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=k", json: ["phoneNumber": "+821033334444"])
            #expect(refused.status == .badRequest)
            #expect(refused.body.string.contains("OPERATION_NOT_ALLOWED"))
            #expect(try await PhoneVerification.query(on: sprout.app.db).filter(\.$phoneNumber == "+821033334444").count() == 0, "nothing stored")
        }
    }
}
