import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Testing
import Vapor

/// SMS pumping (issue 29): texts go only to the countries the operator allows, and no more than
/// an hour's worth in all, however many numbers and addresses ask.
@Suite struct PhoneAuthPumpingTests {
    @Test func onlyAllowedCountriesGetACode() async throws {
        try await withPhoneSprout(environment: ["SPROUT_TEST_PHONE_NUMBERS": "+15005550009=123456"]) { sprout in
            await #expect(throws: PhoneSignInError.numberNotAllowed) {
                try await sprout.phone.sendCode(to: "+44 20 7946 0958", clientAddress: "192.0.2.1", on: sprout.app.db)
            }
            #expect(try await PhoneVerification.query(on: sprout.app.db).count() == 0, "nothing stored, nothing sent")
            _ = try await sprout.codeSent(to: "+821012345678")
            _ = try await sprout.phone.sendCode(to: "+15005550009", clientAddress: "192.0.2.1", on: sprout.app.db)
            let refused = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode", ["phoneNumber": "+12025550123"])
            #expect(refused.status == .badRequest && refused.body.string.contains("OPERATION_NOT_ALLOWED"))
        }
        #expect(throws: ConfigError.self) { try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_SMS_COUNTRIES": "korea"])) }
        let both = try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_SMS_COUNTRIES": "+82, 1"]))
        #expect(both.allowsCountry(of: "+12025550123") && both.allowsCountry(of: "+821012345678") && !both.allowsCountry(of: "+442079460958"))
    }

    @Test func anHoursCodesToEveryoneAreCapped() async throws {
        try await withPhoneSprout(limits: PhoneCodeLimits(perPhonePerHour: 0, perClientPerHour: 0, perHour: 3)) { sprout in
            for index in 1...3 {
                sprout.clock.advance(by: 60)
                _ = try await sprout.codeSent(to: "+8210123400\(index)0", from: "198.51.100.\(index)")
            }
            await #expect(throws: PhoneSignInError.tooManyAttempts(retryAfter: 3600 - 120)) {
                try await sprout.phone.sendCode(to: "+821099990000", clientAddress: "203.0.113.9", on: sprout.app.db)
            }
            sprout.clock.advance(by: 3600 - 120)
            _ = try await sprout.codeSent(to: "+821099990000", from: "203.0.113.9")
        }
        #expect(try SproutConfig.fromEnvironment(["SPROUT_SMS_LIMIT_HOUR": "40"]).phoneCodeLimits.perHour == 40)
    }
}
