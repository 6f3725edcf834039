import Fluent
import Foundation
import Platform
import PlatformCore
import SproutTestSupport
import Testing

/// `PhoneSignIn`'s rules, called as the Study module and the web call it.
@Suite struct PhoneAuthServiceTests {
    @Test func fiveWrongTriesKillTheSession() async throws {
        try await withPhoneSprout { sprout in
            let db = sprout.app.db
            let sent = try await sprout.codeSent(to: "+821012345678")
            let wrong = sent.code == "000000" ? "111111" : "000000"
            for _ in 1...PhoneSignIn.maxAttempts {
                await #expect(throws: PhoneSignInError.invalidCode) { try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: wrong, on: db) }
            }
            await #expect(throws: PhoneSignInError.sessionExpired, "even the right code is too late") {
                try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: sent.code, on: db)
            }
            let listing = try await sprout.send(.GET, "emulator/v1/projects/p/verificationCodes")
            #expect(try (listing.jsonObject()["verificationCodes"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func theRightCodeOnTheFifthTryStillSignsIn() async throws {
        try await withPhoneSprout { sprout in
            let sent = try await sprout.codeSent(to: "+821012345678")
            for wrong in ["12345", "abcdef", "", "1234567"] where !wrong.isEmpty {
                await #expect(throws: PhoneSignInError.invalidCode) { try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: wrong, on: sprout.app.db) }
            }
            await #expect(throws: PhoneSignInError.missingCode) { try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: "", on: sprout.app.db) }
            let other = sent.code == "999999" ? "888888" : "999999"
            await #expect(throws: PhoneSignInError.invalidCode) { try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: other, on: sprout.app.db) }
            let session = try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: sent.code, on: sprout.app.db)
            #expect(session.isNewUser && session.identity.phoneNumber == "+821012345678")
            await #expect(throws: PhoneSignInError.sessionExpired, "a code signs in once") {
                try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: sent.code, on: sprout.app.db)
            }
        }
    }

    @Test func codesExpireAfterSixtySeconds() async throws {
        try await withPhoneSprout { sprout in
            let late = try await sprout.codeSent(to: "+821012345678")
            let onTime = try await sprout.codeSent(to: "+821087654321")
            sprout.clock.advance(by: 59)
            _ = try await sprout.phone.signIn(sessionInfo: onTime.sessionInfo, code: onTime.code, on: sprout.app.db)
            sprout.clock.advance(by: 1)
            await #expect(throws: PhoneSignInError.sessionExpired) { try await sprout.phone.signIn(sessionInfo: late.sessionInfo, code: late.code, on: sprout.app.db) }
            await #expect(throws: PhoneSignInError.invalidSession) { try await sprout.phone.signIn(sessionInfo: "made-up", code: late.code, on: sprout.app.db) }
        }
    }

    @Test func badNumbersAreRefused() async throws {
        try await withPhoneSprout { sprout in
            await #expect(throws: PhoneSignInError.invalidPhoneNumber) { try await sprout.phone.sendCode(to: "12", clientAddress: "x", on: sprout.app.db) }
            await #expect(throws: PhoneSignInError.invalidPhoneNumber) { try await sprout.phone.sendCode(to: "+82 10 1234 5678; DROP TABLE", clientAddress: "x", on: sprout.app.db) }
            await #expect(throws: PhoneSignInError.missingPhoneNumber) { try await sprout.phone.sendCode(to: " ", clientAddress: "x", on: sprout.app.db) }
        }
    }

    @Test func codesAreLimitedPerNumberAndPerAddressOverAnHour() async throws {
        try await withPhoneSprout(limits: .init(perPhonePerHour: 2, perClientPerHour: 3)) { sprout in
            let db = sprout.app.db
            _ = try await sprout.phone.sendCode(to: "+821011110001", clientAddress: "198.51.100.1", on: db)
            sprout.clock.advance(by: 600)
            _ = try await sprout.phone.sendCode(to: "+821011110001", clientAddress: "198.51.100.2", on: db)
            await #expect(throws: PhoneSignInError.tooManyAttempts(retryAfter: 3000), "the number's third code, from anywhere") {
                try await sprout.phone.sendCode(to: "+821011110001", clientAddress: "198.51.100.3", on: db)
            }
            _ = try await sprout.phone.sendCode(to: "+821011110002", clientAddress: "198.51.100.1", on: db)
            _ = try await sprout.phone.sendCode(to: "+821011110003", clientAddress: "198.51.100.1", on: db)
            await #expect(throws: PhoneSignInError.tooManyAttempts(retryAfter: 3000), "the address's fourth code, to any number") {
                try await sprout.phone.sendCode(to: "+821011110004", clientAddress: "198.51.100.1", on: db)
            }
            sprout.clock.advance(by: 3000)
            _ = try await sprout.phone.sendCode(to: "+821011110001", clientAddress: "198.51.100.1", on: db)
        }
    }

    @Test func testNumbersTakeTheirFixedCodeAndSkipTheLimits() async throws {
        let env = ["SPROUT_TEST_PHONE_NUMBERS": "+821011112222=123456, 010-3333-4444=654321"]
        try await withPhoneSprout(limits: .init(perPhonePerHour: 1, perClientPerHour: 1), environment: env) { sprout in
            let db = sprout.app.db
            for _ in 0..<3 {
                let sessionInfo = try await sprout.phone.sendCode(to: "+82 10-1111-2222", clientAddress: "x", on: db)
                await #expect(throws: PhoneSignInError.invalidCode) { try await sprout.phone.signIn(sessionInfo: sessionInfo, code: "654321", on: db) }
                let session = try await sprout.phone.signIn(sessionInfo: sessionInfo, code: "123456", on: db)
                #expect(session.identity.phoneNumber == "+821011112222")
            }
            let other = try await sprout.phone.sendCode(to: "+821033334444", clientAddress: "x", on: db)
            #expect(try await sprout.phone.confirm(sessionInfo: other, code: "654321", on: db) == "+821033334444")
        }
        #expect(throws: ConfigError.self) { try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_TEST_PHONE_NUMBERS": "+821011112222=12"])) }
        #expect(throws: ConfigError.self) { try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_TEST_PHONE_NUMBERS": "nobody=123456"])) }
    }

    @Test func theSameNumberIsTheSameAccount() async throws {
        try await withPhoneSprout { sprout in
            let first = try await sprout.phoneSignIn("+821012345678")
            let second = try await sprout.phoneSignIn("010-1234-5678")
            #expect(first.isNewUser && !second.isNewUser && first.localId == second.localId)
            let account = try #require(try await Account.find(sprout.phone.uids.accountID(first.localId), on: sprout.app.db))
            #expect(account.email == nil && account.passwordHash == nil && account.displayName == "010-****-5678")
        }
    }

    @Test func refreshTokensAreRevocableAndDieWithTheAccount() async throws {
        try await withPhoneSprout { sprout in
            let db = sprout.app.db
            let sent = try await sprout.codeSent(to: "+821012345678")
            let session = try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: sent.code, on: db)
            let second = try await sprout.phoneSignIn("+821012345678")
            #expect(try await sprout.phone.refresh(refreshToken: session.refreshToken, on: db).identity == session.identity)
            await #expect(throws: PhoneSignInError.invalidRefreshToken) { try await sprout.phone.refresh(refreshToken: "forged", on: db) }
            await #expect(throws: PhoneSignInError.missingRefreshToken) { try await sprout.phone.refresh(refreshToken: "", on: db) }

            try await sprout.phone.revoke(refreshToken: session.refreshToken, on: db)
            await #expect(throws: PhoneSignInError.invalidRefreshToken) { try await sprout.phone.refresh(refreshToken: session.refreshToken, on: db) }
            _ = try await sprout.phone.refresh(refreshToken: second.refreshToken, on: db)

            try await sprout.phone.revoke(allFor: session.identity.uid, on: db)
            await #expect(throws: PhoneSignInError.invalidRefreshToken) { try await sprout.phone.refresh(refreshToken: second.refreshToken, on: db) }

            let third = try await sprout.phoneSignIn("+821012345678")
            try await sprout.platform.accounts.withdraw(session.identity.uid, on: db)
            await #expect(throws: PhoneSignInError.invalidRefreshToken, "withdrawal revokes") { try await sprout.phone.refresh(refreshToken: third.refreshToken, on: db) }
            let again = try await sprout.phoneSignIn("+821012345678")
            #expect(again.isNewUser && sprout.phone.uids.accountID(again.localId) != session.identity.uid, "a withdrawn number starts over")
        }
    }

    @Test func idTokensAreCheckedOnTheInjectedClock() async throws {
        try await withPhoneSprout { sprout in
            let session = try await sprout.phoneSignIn("+821012345678")
            let identity = PhoneIdentity(uid: sprout.phone.uids.accountID(session.localId), phoneNumber: "+821012345678")
            sprout.clock.advance(by: 3599)
            #expect(await sprout.phone.check(idToken: session.idToken) == .valid(identity))
            sprout.clock.advance(by: 1)
            #expect(await sprout.phone.check(idToken: session.idToken) == .expired)
            #expect(await sprout.phone.check(idToken: session.idToken + "x") == .invalid)
            #expect(await sprout.phone.check(idToken: "") == .invalid)
            #expect(await sprout.phone.check(idToken: "not.a.jwt") == .invalid)
            // A lessons access token is signed with the same secret but is not an ID token, and
            // an ID token is not an access token.
            let lessons = try await sprout.platform.tokens.issue(for: sprout.phone.uids.accountID(session.localId), on: sprout.app.db).accessToken
            #expect(await sprout.phone.check(idToken: lessons) == .invalid)
            #expect(await sprout.platform.tokens.check(accessToken: session.idToken) == .invalid)
        }
    }

    /// A checked ID token is kept by its whole text: the same claims under another signature are
    /// checked in full and refused, before and after the genuine one is kept.
    @Test func aKeptIDTokenVouchesForNoOtherText() async throws {
        try await withPhoneSprout { sprout in
            let session = try await sprout.phoneSignIn("+821012345678")
            let identity = PhoneIdentity(uid: sprout.phone.uids.accountID(session.localId), phoneNumber: "+821012345678")
            let parts = session.idToken.split(separator: ".")
            let otherSignature = parts[0] + "." + parts[1] + "." + String(parts[2].reversed())
            #expect(await sprout.phone.check(idToken: otherSignature) == .invalid)
            #expect(await sprout.phone.check(idToken: session.idToken) == .valid(identity))
            #expect(await sprout.phone.check(idToken: session.idToken) == .valid(identity), "from the kept tokens")
            #expect(await sprout.phone.check(idToken: otherSignature) == .invalid)
        }
    }

    @Test func aVerifiedNumberLinksToAnEmailAccountOnce() async throws {
        try await withPhoneSprout { sprout in
            let db = sprout.app.db
            let email = try await sprout.platform.accounts.register(email: "kim@sprout.test", password: "pw", displayName: "Kim", on: db).requireID()
            let sent = try await sprout.codeSent(to: "+821012345678")
            try await sprout.phone.link(sessionInfo: sent.sessionInfo, code: sent.code, toAccount: email, on: db)
            #expect(try await Account.find(email, on: db)?.phoneNumber == "+821012345678")

            let byPhone = try await sprout.phoneSignIn("+821012345678")
            #expect(sprout.phone.uids.accountID(byPhone.localId) == email && !byPhone.isNewUser, "the phone now signs in to the email account")

            let other = try await sprout.platform.accounts.register(email: "lee@sprout.test", password: "pw", displayName: "Lee", on: db).requireID()
            let taken = try await sprout.codeSent(to: "+821012345678")
            await #expect(throws: PhoneSignInError.phoneBelongsToAnotherAccount) {
                try await sprout.phone.link(sessionInfo: taken.sessionInfo, code: taken.code, toAccount: other, on: db)
            }
            #expect(try await Account.find(other, on: db)?.phoneNumber == nil)
            let ghost = try await sprout.codeSent(to: "+821099998888")
            await #expect(throws: PhoneSignInError.accountNotFound) {
                try await sprout.phone.link(sessionInfo: ghost.sessionInfo, code: ghost.code, toAccount: "nobody", on: db)
            }
        }
    }

    @Test func racingFirstSignInsMakeOneAccount() async throws {
        try await withPhoneSprout { sprout in
            let db = sprout.app.db
            let sends = [try await sprout.codeSent(to: "+821012345678"), try await sprout.codeSent(to: "+821012345678"), try await sprout.codeSent(to: "+821012345678")]
            let sessions = try await withThrowingTaskGroup(of: PhoneSession.self) { group in
                for sent in sends { group.addTask { try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: sent.code, on: db) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(sessions.map(\.identity.uid)).count == 1)
            #expect(sessions.filter(\.isNewUser).count == 1)
        }
    }

    @Test func aCodeGuessedInParallelGetsOnlyItsTries() async throws {
        try await withPhoneSprout { sprout in
            let db = sprout.app.db
            let sent = try await sprout.codeSent(to: "+821012345678")
            let guesses = (0..<20).map { String(format: "%06d", $0) }.filter { $0 != sent.code }
            let outcomes = await withTaskGroup(of: PhoneSignInError?.self) { group in
                for guess in guesses {
                    group.addTask {
                        do { _ = try await sprout.phone.signIn(sessionInfo: sent.sessionInfo, code: guess, on: db); return nil }
                        catch { return error as? PhoneSignInError }
                    }
                }
                return await group.reduce(into: [PhoneSignInError?]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .invalidCode }.count == PhoneSignIn.maxAttempts)
            #expect(outcomes.filter { $0 == .sessionExpired }.count == guesses.count - PhoneSignIn.maxAttempts)
        }
    }
}
