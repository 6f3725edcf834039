import Fluent
import Foundation
import Platform
import SproutTestSupport
import Testing
import Vapor

/// The Firebase Auth emulator REST surface, end to end through the in-process server.
@Suite struct PhoneAuthRESTTests {
    @Test func theEmulatorFlowSignsInLooksUpAndRefreshes() async throws {
        try await withPhoneSprout { sprout in
            let sent = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode", ["phoneNumber": "+82 10-1234-5678", "iosReceipt": "r", "iosSecret": "s"])
            #expect(sent.status == .ok)
            let sessionInfo = try #require(try sent.jsonObject()["sessionInfo"] as? String)

            let listing = try await sprout.send(.GET, "emulator/v1/projects/any-project/verificationCodes")
            #expect(listing.status == .ok)
            let codes = try #require(try listing.jsonObject()["verificationCodes"] as? [[String: String]])
            let entry = try #require(codes.first { $0["sessionInfo"] == sessionInfo })
            #expect(entry["phoneNumber"] == "+821012345678")
            let code = try #require(entry["code"])
            #expect(PhoneSignIn.isWellFormedCode(code))

            let signedIn = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber", ["sessionInfo": sessionInfo, "code": code])
            #expect(signedIn.status == .ok, "\(signedIn.body.string)")
            let session = try signedIn.jsonObject()
            #expect(Set(session.keys) == ["idToken", "refreshToken", "expiresIn", "localId", "isNewUser", "phoneNumber"])
            #expect(session["expiresIn"] as? String == "3600")
            #expect(session["isNewUser"] as? Bool == true)
            #expect(session["phoneNumber"] as? String == "+821012345678")
            let idToken = try #require(session["idToken"] as? String)
            let refreshToken = try #require(session["refreshToken"] as? String)
            let uid = try #require(session["localId"] as? String)
            let accountID = try #require(sprout.phone.uids.account(ofUID: uid), "the localId is the account's sealed uid")
            #expect(try await Account.query(on: sprout.app.db).filter(\.$phoneNumber == "+821012345678").first()?.id == accountID)

            let claims = try jwtPayload(idToken)
            #expect(claims["iss"] as? String == "https://securetoken.google.com/sprout-study")
            #expect(claims["aud"] as? String == "sprout-study")
            #expect(claims["sub"] as? String == uid && claims["user_id"] as? String == uid)
            #expect(claims["phone_number"] as? String == "+821012345678")
            let now = Int(sprout.clock.now.timeIntervalSince1970)
            #expect(claims["iat"] as? Int == now && claims["exp"] as? Int == now + 3600 && claims["auth_time"] as? Int == now)
            let firebase = try #require(claims["firebase"] as? [String: Any])
            #expect(firebase["sign_in_provider"] as? String == "phone")
            #expect((firebase["identities"] as? [String: [String]])?["phone"] == ["+821012345678"])
            let header = try jwtHeader(idToken)
            #expect(header["alg"] as? String == "HS256" && header["kid"] as? String == "sprout-phone-1")
            #expect(await sprout.phone.check(idToken: idToken) == .valid(PhoneIdentity(uid: accountID, phoneNumber: "+821012345678")))

            let used = try await sprout.send(.GET, "emulator/v1/projects/sprout-study/verificationCodes")
            #expect(try (used.jsonObject()["verificationCodes"] as? [Any])?.isEmpty == true, "a used code is no longer outstanding")

            let lookup = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:lookup", ["idToken": idToken])
            #expect(lookup.status == .ok)
            let info = try lookup.jsonObject()
            #expect(info["kind"] as? String == "identitytoolkit#GetAccountInfoResponse")
            let user = try #require((info["users"] as? [[String: Any]])?.first)
            #expect(user["localId"] as? String == uid && user["phoneNumber"] as? String == "+821012345678")
            #expect(user["createdAt"] as? String == String(now * 1000) && user["lastLoginAt"] as? String == String(now * 1000))
            #expect(user["lastRefreshAt"] as? String == "2026-01-01T00:00:00.000Z")
            let provider = try #require((user["providerUserInfo"] as? [[String: String]])?.first)
            #expect(provider == ["providerId": "phone", "rawId": "+821012345678", "phoneNumber": "+821012345678"])

            sprout.clock.advance(by: 3601)
            #expect(await sprout.phone.check(idToken: idToken) == .expired)
            let expired = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:lookup", ["idToken": idToken])
            #expect(try sprout.firebaseError(expired) == (400, "TOKEN_EXPIRED"))

            // The web and Android SDKs send a form; the iOS SDK sends JSON in camelCase.
            let formRefresh = try await sprout.send(.POST, "securetoken.googleapis.com/v1/token?key=AIzaFake", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                    body: "grant_type=refresh_token&refresh_token=\(refreshToken)")
            #expect(formRefresh.status == .ok, "\(formRefresh.body.string)")
            let refreshed = try formRefresh.jsonObject()
            #expect(Set(refreshed.keys) == ["access_token", "expires_in", "token_type", "refresh_token", "id_token", "user_id", "project_id"])
            #expect(refreshed["expires_in"] as? String == "3600" && refreshed["token_type"] as? String == "Bearer")
            #expect(refreshed["refresh_token"] as? String == refreshToken, "Firebase keeps the refresh token")
            #expect(refreshed["user_id"] as? String == uid && refreshed["project_id"] as? String == "sprout-study")
            let newToken = try #require(refreshed["id_token"] as? String)
            #expect(refreshed["access_token"] as? String == newToken)
            #expect(await sprout.phone.check(idToken: newToken) == .valid(PhoneIdentity(uid: accountID, phoneNumber: "+821012345678")))
            #expect(try jwtPayload(newToken)["auth_time"] as? Int == now, "auth_time stays the sign-in's")

            let jsonRefresh = try await sprout.firebase("securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": refreshToken])
            #expect(jsonRefresh.status == .ok)

            let again = try await sprout.phoneSignIn("010-1234-5678")
            #expect(again.localId == uid && again.isNewUser == false, "the same number signs in to the same account")
        }
    }

    @Test func everyRefusalIsGooglesErrorJSON() async throws {
        try await withPhoneSprout { sprout in
            let send = "identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode"
            let signIn = "identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber"
            #expect(try sprout.firebaseError(try await sprout.firebase(send, [:])) == (400, "MISSING_PHONE_NUMBER"))
            #expect(try sprout.firebaseError(try await sprout.firebase(send, ["phoneNumber": "call me"])) == (400, "INVALID_PHONE_NUMBER"))
            let empty = try await sprout.send(.POST, send)
            #expect(try sprout.firebaseError(empty) == (400, "MISSING_PHONE_NUMBER"))
            let broken = try await sprout.send(.POST, send, headers: ["Content-Type": "application/json"], body: "{\"phoneNumber\":")
            #expect(try sprout.firebaseError(broken) == (400, "INVALID_JSON_PAYLOAD"))

            let sent = try await sprout.codeSent(to: "+821022223333")
            #expect(try sprout.firebaseError(try await sprout.firebase(signIn, ["code": sent.code])) == (400, "MISSING_SESSION_INFO"))
            #expect(try sprout.firebaseError(try await sprout.firebase(signIn, ["sessionInfo": sent.sessionInfo])) == (400, "MISSING_CODE"))
            #expect(try sprout.firebaseError(try await sprout.firebase(signIn, ["sessionInfo": "nope", "code": "123456"])) == (400, "INVALID_SESSION_INFO"))
            let wrong = sent.code == "000000" ? "111111" : "000000"
            #expect(try sprout.firebaseError(try await sprout.firebase(signIn, ["sessionInfo": sent.sessionInfo, "code": wrong])) == (400, "INVALID_CODE"))
            sprout.clock.advance(by: 61)
            #expect(try sprout.firebaseError(try await sprout.firebase(signIn, ["sessionInfo": sent.sessionInfo, "code": sent.code])) == (400, "SESSION_EXPIRED"))

            let lookup = "identitytoolkit.googleapis.com/v1/accounts:lookup"
            #expect(try sprout.firebaseError(try await sprout.firebase(lookup, ["idToken": "a.b.c"])) == (400, "INVALID_ID_TOKEN"))
            let token = "securetoken.googleapis.com/v1/token"
            #expect(try sprout.firebaseError(try await sprout.firebase(token, ["grant_type": "refresh_token"])) == (400, "MISSING_REFRESH_TOKEN"))
            #expect(try sprout.firebaseError(try await sprout.firebase(token, ["grant_type": "refresh_token", "refresh_token": "forged"])) == (400, "INVALID_REFRESH_TOKEN"))
            #expect(try sprout.firebaseError(try await sprout.firebase(token, ["grant_type": "authorization_code", "code": "x"])) == (400, "INVALID_GRANT_TYPE"))

            for path in ["identitytoolkit.googleapis.com/v1/accounts:delete", "securetoken.googleapis.com/v2/token", "emulator/v1/projects/p/oobCodes"] {
                let unknown = try await sprout.send(.POST, path)
                #expect(try sprout.firebaseError(unknown) == (404, "NOT_FOUND"), "\(path)")
            }
            #expect(try sprout.firebaseError(try await sprout.send(.GET, "identitytoolkit.googleapis.com/v1/accounts:lookup")) == (404, "NOT_FOUND"))
        }
    }

    @Test func theRateLimitAnswersTooManyAttempts() async throws {
        try await withPhoneSprout(limits: .init(perPhonePerHour: 1, perClientPerHour: 0)) { sprout in
            let send = "identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode"
            #expect(try await sprout.firebase(send, ["phoneNumber": "+821044445555"]).status == .ok)
            let refused = try await sprout.firebase(send, ["phoneNumber": "+821044445555"])
            #expect(try sprout.firebaseError(refused) == (400, "TOO_MANY_ATTEMPTS_TRY_LATER"))
            #expect(refused.headers.first(name: "Retry-After") == "3600")
        }
    }

    @Test func theSmallerEndpointsAnswerTheEmulatorsShapes() async throws {
        try await withPhoneSprout(environment: ["SPROUT_FIREBASE_PROJECT": "my-study"]) { sprout in
            let config = try await sprout.send(.GET, "identitytoolkit.googleapis.com/v1/projects?key=AIzaFake")
            #expect(try config.jsonObject()["projectId"] as? String == "my-study")
            #expect((try config.jsonObject()["authorizedDomains"] as? [String])?.contains("localhost") == true)
            let verify = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:verifyClient", ["appToken": "apns", "isSandbox": "true"])
            #expect(try verify.jsonObject()["suggestedTimeout"] as? String == "5")
            #expect(try verify.jsonObject()["receipt"] is String)
            let token = try await signInByPhone(sprout, phone: "+821055556666")
            #expect(try jwtPayload(token)["aud"] as? String == "my-study")
            #expect(try jwtPayload(token)["iss"] as? String == "https://securetoken.google.com/my-study")
        }
    }

    @Test func signingInWithAnIDTokenLinksTheNumberToThatAccount() async throws {
        try await withPhoneSprout { sprout in
            let first = try await sprout.phoneSignIn("+821066667777")
            let sent = try await sprout.codeSent(to: "+821088889999")
            let linked = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": sent.code, "idToken": first.idToken])
            #expect(linked.status == .ok, "\(linked.body.string)")
            #expect(try linked.jsonObject()["localId"] as? String == first.localId)
            #expect(try linked.jsonObject()["phoneNumber"] as? String == "+821088889999")
        }
    }

    @Test func theListingIsNotServedWithARealSMSProvider() async throws {
        let twilio = ["SPROUT_SMS": "twilio", "TWILIO_ACCOUNT_SID": "AC123", "TWILIO_AUTH_TOKEN": "secret", "TWILIO_FROM": "+15005550006", "TWILIO_BASE_URL": "http://127.0.0.1:9"]
        try await withPhoneSprout(environment: twilio) { sprout in
            let listing = try await sprout.send(.GET, "emulator/v1/projects/sprout-study/verificationCodes")
            #expect(try sprout.firebaseError(listing) == (404, "NOT_FOUND"))
            // Nothing listens on port 9: the provider fails, and says so in Google's shape.
            let sent = try await sprout.firebase("identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode", ["phoneNumber": "+821012341234"])
            #expect(try sprout.firebaseError(sent).code == 503)
        }
    }
}
