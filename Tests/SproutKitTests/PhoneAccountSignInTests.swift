import Foundation
import SproutAPI
import SproutKit
import Testing

/// `AccountsClient.signIn(phoneIDToken:)`: a study account, made by phone, trades its ID token for
/// the bearer tokens the other clients then send.
@Suite struct PhoneAccountSignInTests {
    static let base = URL(string: "http://sprout.test")!

    @Test func theIDTokenTravelsInItsHeaderAndTheAnswerSignsTheSessionIn() async throws {
        let answer = Data(#"{"user_id":"a1","email":"","name":"고래밥","accessToken":"access-9","refreshToken":"refresh-9"}"#.utf8)
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: answer) }
        let session = AuthSession()
        let account = try await AccountsClient(baseURL: Self.base, transport: transport, session: session).signIn(phoneIDToken: "id-token-1")
        let request = try #require(transport.requests.first)
        #expect(request.method == .post && request.url.path == "/api/auth/phone")
        #expect(request.header("idtoken") == "id-token-1" && request.header("Authorization") == nil)
        #expect(account.userID == "a1")
        #expect(await session.tokens == AuthTokens(accessToken: "access-9", refreshToken: "refresh-9"))
    }

    @Test func anExpiredIDTokenLeavesTheSessionSignedOut() async throws {
        let body = Data(#"{"error":true,"reason":"The ID token has expired; refresh it."}"#.utf8)
        let transport = TestTransport { _ in HTTPResponse(status: 401, body: body) }
        let session = AuthSession()
        await #expect(throws: SproutError.self) {
            try await AccountsClient(baseURL: Self.base, transport: transport, session: session).signIn(phoneIDToken: "old")
        }
        #expect(await session.tokens == nil)
    }
}
