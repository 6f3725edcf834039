import Foundation
import SproutKit
import Testing

@Suite struct StudyPhoneAuthTests {
    static let base = URL(string: "http://sprout.test")!

    func sent<T>(_ status: Int, _ body: String, apiKey: String? = nil, _ call: (PhoneAuthClient) async throws -> T) async throws -> (HTTPRequest, T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: Data(body.utf8)) }
        let result = try await call(PhoneAuthClient(emulatorHost: Self.base, apiKey: apiKey, transport: transport))
        return (try #require(transport.requests.first), result)
    }

    @Test func sendingACodePostsThePhoneNumberAsJSON() async throws {
        let (request, sessionInfo) = try await sent(200, #"{"sessionInfo":"session-1"}"#) { try await $0.sendVerificationCode(to: "+821012345678") }
        #expect(sessionInfo == "session-1")
        #expect(request.method == .post)
        #expect(request.url.path == "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode")
        #expect(request.url.query == nil)
        #expect(request.header("Content-Type") == "application/json")
        #expect(try JSONValue(request.body) == ["phoneNumber": "+821012345678"])
    }

    @Test func signingInReadsFirebasesAnswer() async throws {
        let answer = #"{"idToken":"id","refreshToken":"refresh","expiresIn":"3600","localId":"uid-1","isNewUser":true,"phoneNumber":"+821012345678"}"#
        let (request, signedIn) = try await sent(200, answer, apiKey: "fake-key") { try await $0.signIn(sessionInfo: "session-1", code: "123456") }
        #expect(request.url.path == "/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber")
        #expect(request.url.query == "key=fake-key")
        #expect(try JSONValue(request.body) == ["sessionInfo": "session-1", "code": "123456"])
        #expect(signedIn == PhoneAuthClient.SignedIn(idToken: "id", refreshToken: "refresh", expiresIn: 3600, localId: "uid-1", isNewUser: true,
                                                     phoneNumber: "+821012345678"))
        #expect(signedIn.tokens == StudyTokens(idToken: "id", refreshToken: "refresh", uid: "uid-1"))
    }

    @Test func firebaseHostsAreUsedForProduction() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: Data(#"{"sessionInfo":"s"}"#.utf8)) }
        _ = try await PhoneAuthClient.firebase(apiKey: "k", transport: transport).sendVerificationCode(to: "+821012345678")
        #expect(transport.requests.first?.url.absoluteString == "https://identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=k")
    }

    @Test func firebaseErrorsBecomeTypedErrors() async throws {
        let cases: [(String, PhoneAuthError)] = [
            ("INVALID_CODE", .invalidCode),
            ("SESSION_EXPIRED", .codeExpired),
            ("CODE_EXPIRED", .codeExpired),
            ("TOO_MANY_ATTEMPTS_TRY_LATER : Too many attempts. Try again later.", .tooManyAttempts),
            ("QUOTA_EXCEEDED", .tooManyAttempts),
            ("INVALID_PHONE_NUMBER : Invalid format.", .invalidPhoneNumber),
            ("MISSING_PHONE_NUMBER", .invalidPhoneNumber),
            ("INVALID_SESSION_INFO", .invalidSessionInfo),
            ("MISSING_SESSION_INFO", .invalidSessionInfo),
            ("MISSING_CODE", .missingCode),
            ("TOKEN_EXPIRED", .refreshTokenRejected("TOKEN_EXPIRED")),
            ("SOMETHING_NEW", .other(status: 400, message: "SOMETHING_NEW")),
        ]
        for (message, expected) in cases {
            let body = #"{"error":{"code":400,"message":"\#(message)","errors":[{"message":"\#(message)","domain":"global","reason":"invalid"}],"status":"INVALID_ARGUMENT"}}"#
            await #expect(throws: expected) { try await sent(400, body) { try await $0.signIn(sessionInfo: "s", code: "1") } }
        }
        await #expect(throws: PhoneAuthError.other(status: 502, message: "Bad Gateway")) {
            try await sent(502, "Bad Gateway") { try await $0.sendVerificationCode(to: "+821012345678") }
        }
    }

    @Test func koreanNumbersAreCheckedNormalisedAndHyphenated() {
        for valid in ["010-1234-5678", "01012345678", "011-123-4567", "0161234567", "019-1234-5678"] {
            #expect(KoreanPhoneNumber.isValid(valid), "\(valid)")
        }
        for invalid in ["012-1234-5678", "010-12-5678", "010-1234-567", "+821012345678", "010 1234 5678", "010-1234-56789", ""] {
            #expect(!KoreanPhoneNumber.isValid(invalid), "\(invalid)")
        }
        #expect(KoreanPhoneNumber.e164("010-1234-5678") == "+821012345678")
        #expect(KoreanPhoneNumber.e164("0111234567") == "+82111234567")
        #expect(KoreanPhoneNumber.e164("010-12") == nil)

        let typed = ["0", "01", "010", "0101", "010123", "0101234", "01012345", "010123456", "0101234567", "01012345678", "010123456789"]
        #expect(typed.map(KoreanPhoneNumber.formatted) == [
            "0", "01", "010", "010-1", "010-123", "010-1234", "010-1234-5", "010-1234-56", "010-123-4567", "010-1234-5678", "010-1234-5678",
        ])
        #expect(KoreanPhoneNumber.formatted("010-1234-5678") == "010-1234-5678", "already hyphenated text stays as it is")
        #expect(KoreanPhoneNumber.formatted("010--12a34") == "010-1234")
    }
}
