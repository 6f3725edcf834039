import OpenAPIRuntime
import PhoneAuthAPI
import PlatformAPI
import Testing

@Suite(.enabled(if: RunningSprout.isConfigured)) struct PlatformClientTests {
    @Test func joinsLogsInAndIsRefusedAWrongPassword() async throws {
        let client = PlatformAPI.Client(serverURL: try RunningSprout.url(), transport: RunningSprout.transport)
        _ = try await client.getHealthz().ok
        let email = "\(RunningSprout.unique("gen-"))@example.com"
        let joined = try await client.postApiAuthJoin(body: .json(.init(email: email, name: RunningSprout.unique("g"), password: "correct-horse-9"))).ok.body.json
        #expect(joined.email == email)
        let session = try await client.postApiAuthLogin(body: .json(.init(email: email, password: "correct-horse-9"))).ok.body.json
        #expect(session.userId == joined.userId)
        let refused = try await client.postApiAuthLogin(body: .json(.init(email: email, password: "wrong-horse-9")))
        #expect(try refused.unauthorized.body.json.error)
    }

    @Test func signsInWithAPhoneNumberAndLooksTheAccountUp() async throws {
        let identity = try await PhoneSignIn.signIn()
        let client = PhoneAuthAPI.Client(serverURL: try RunningSprout.url(), transport: RunningSprout.transport)
        let account = try await client.postIdentitytoolkitGoogleapisComV1AccountsLookup(
            query: .init(key: "any"), body: .json(.init(idToken: identity.idToken))
        ).ok.body.json
        #expect(account.users.first?.phoneNumber == identity.phoneNumber)
        let refused = try await client.postIdentitytoolkitGoogleapisComV1AccountsLookup(query: .init(), body: .json(.init(idToken: "not-a-token")))
        #expect(try refused.badRequest.body.json.error.message == "INVALID_ID_TOKEN")
    }
}

/// Phone sign-in through the generated Firebase-emulator client: a code is sent, read from the
/// development sender's listing and typed in.
enum PhoneSignIn {
    struct Identity {
        let idToken: String
        let phoneNumber: String
    }

    static func signIn() async throws -> Identity {
        let client = PhoneAuthAPI.Client(serverURL: try RunningSprout.url(), transport: RunningSprout.transport)
        let phoneNumber = "+8210" + String(UInt32.random(in: 10_000_000...99_999_999))
        let sent = try await client.postIdentitytoolkitGoogleapisComV1AccountsSendVerificationCode(
            query: .init(key: "any"), body: .json(.init(phoneNumber: phoneNumber))
        ).ok.body.json
        let codes = try await client.getEmulatorV1ProjectsByProjectVerificationCodes(path: .init(project: "sesac-study-app")).ok.body.json
        let code = try #require(codes.verificationCodes.first { $0.sessionInfo == sent.sessionInfo }).code
        let signedIn = try await client.postIdentitytoolkitGoogleapisComV1AccountsSignInWithPhoneNumber(
            query: .init(key: "any"), body: .json(.init(code: code, sessionInfo: sent.sessionInfo))
        ).ok.body.json
        return Identity(idToken: signedIn.idToken, phoneNumber: phoneNumber)
    }
}
