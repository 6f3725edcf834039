import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct AccountsAPITests {
    @Test func joinLoginRefreshAndLogout() async throws {
        try await withSprout { sprout in
            let joined = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "a@sprout.test", password: "long-password", name: "Mina"))
            #expect(joined.status.code == 200)
            #expect(try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "A@sprout.test", password: "x", name: "Mina")).status.code == 409)
            #expect(try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "b@sprout.test", password: "x", name: " ")).status.code == 400)
            #expect(try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "a@sprout.test", password: "nope")).status.code == 401)
            let session = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "a@sprout.test", password: "long-password")).decode(SproutAccount.Session.self)
            let headers = ["Authorization": "Bearer \(session.accessToken)", "Refresh": session.refreshToken]
            #expect(try await sprout.send(.GET, "api/auth/refresh", headers: headers).status.code == 409)
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime)
            #expect(try await sprout.send(.GET, "api/auth/refresh", headers: headers).status.code == 200)

            #expect(try await sprout.send(.POST, "api/auth/logout").status.code == 400)
            let logout = try await sprout.send(.POST, "api/auth/logout", headers: ["Refresh": session.refreshToken])
            #expect(try logout.decode(SproutAccount.LogoutResponse.self).revoked)
            #expect(try await sprout.send(.GET, "api/auth/refresh", headers: headers).status.code == 401, "the revoked token no longer refreshes")
        }
    }
}
