import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// An account the operator disabled (`sprout accounts disable`) cannot log in by any contract
/// or the web, cannot sign in by phone, and keeps no session; enabled again, it can.
@Suite struct DisabledAccountTests {
    private let email = "paused@sprout.test"
    private let password = "long-password"

    private func disable(_ sprout: TestSprout, _ disabled: Bool, handle: String) async throws {
        let account = try await sprout.platform.accounts.account(named: handle, on: sprout.app.db)
        try await sprout.platform.accounts.setDisabled(disabled, account, on: sprout.app.db)
        if disabled { try await sprout.platform.endEverySession(of: try account.requireID(), on: sprout.app.db) }
    }

    private func login(_ sprout: TestSprout) async throws -> TestingHTTPResponse {
        try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: email, password: password))
    }

    @Test func noLogInAnywhereAndNoSessionKept() async throws {
        try await withSprout { sprout in
            _ = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: email, password: password, name: "Paused"))
            let session = try await login(sprout).decode(SproutAccount.Session.self)
            let web = WebClient(sprout)
            let signedIn = try await web.post("/login", form: ["email": email, "password": password], csrf: try await web.csrfToken(from: "/login"))
            #expect(signedIn.status.code == 303)
            #expect(try await web.get("/account/phone").status.code == 200)

            try await disable(sprout, true, handle: email.uppercased())

            let refused = try await login(sprout)
            #expect(refused.status.code == 403)
            #expect(refused.body.string.contains("disabled"))
            let lessons = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(), json: ["email": email, "password": password])
            #expect(lessons.status.code == 401, "the LSLP contract has one answer for an account that cannot log in")
            let wrongPassword = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: email, password: "guess"))
            #expect(wrongPassword.status.code == 401, "a wrong password says nothing of the account's state")

            let webAgain = WebClient(sprout)
            let page = try await webAgain.post("/login", form: ["email": email, "password": password], csrf: try await webAgain.csrfToken(from: "/login"))
            #expect(page.status.code == 403 && page.body.string.contains("사용이 중지된 계정"))

            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime)
            let refresh = try await sprout.send(.GET, "api/auth/refresh", headers: ["Authorization": "Bearer \(session.accessToken)", "Refresh": session.refreshToken])
            #expect(refresh.status.code == 401, "the refresh token was revoked")
            #expect(try await web.get("/account/phone").status.code == 303, "the web session was ended")

            try await disable(sprout, false, handle: email)
            #expect(try await login(sprout).status.code == 200)
        }
    }

    @Test func aDisabledPhoneAccountCannotSignIn() async throws {
        try await withSprout { sprout in
            let phone = "+821055550123"
            let first = try await sprout.phoneSignIn(phone)
            try await disable(sprout, true, handle: phone)
            let sessionInfo = try await sprout.sendPhoneCode(phone)
            let code = try await sprout.phoneCode(for: sessionInfo)
            let refused = try await sprout.send(.POST, "identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=test-key", json: ["sessionInfo": sessionInfo, "code": code])
            #expect(refused.status.code == 400 && refused.body.string.contains("USER_DISABLED"))
            let refreshed = try await sprout.send(.POST, "securetoken.googleapis.com/v1/token?key=test-key", json: ["grant_type": "refresh_token", "refresh_token": first.refreshToken])
            #expect(refreshed.status.code == 400, "the phone session was ended")
            try await disable(sprout, false, handle: phone)
            #expect(try await sprout.phoneSignIn(phone).localId == first.localId)
        }
    }

    @Test func anUnknownHandleIsNotFound() async throws {
        try await withSprout { sprout in
            await #expect(throws: AccountError.notFound) { try await sprout.platform.accounts.account(named: "nobody@sprout.test", on: sprout.app.db) }
            await #expect(throws: AccountError.notFound) { try await sprout.platform.accounts.account(named: "+821000000000", on: sprout.app.db) }
        }
    }
}
