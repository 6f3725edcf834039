import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

@Suite struct AccountsAPITests {
    @Test func joinLoginRefreshAndLogout() async throws {
        try await withSprout { sprout in
            let joined = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "a@sprout.test", password: "long-password", name: "Mina"))
            #expect(joined.status.code == 200)
            #expect(try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "A@sprout.test", password: "another-long-one", name: "Mina")).status.code == 409)
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

    @Test func sproutsOwnAccountsTakeNoShortOrCommonPassword() async throws {
        try await withSprout { sprout in
            for (password, reason) in [
                ("x", "A password of at least 8 characters is required."), ("1234567", "A password of at least 8 characters is required."),
                ("Password1", "This password is one of the most common ones; choose another."),
                ("qwerty123", "This password is one of the most common ones; choose another."),
            ] {
                let refused = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "weak@sprout.test", password: password, name: "Weak"))
                let said = try refused.jsonObject()["reason"] as? String
                #expect(refused.status.code == 400 && said == reason, "\(password)")
            }
            #expect(try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "weak@sprout.test", password: "가나다라마바사아", name: "Weak")).status.code == 200,
                    "eight characters of any script")
            let web = WebClient(sprout)
            let csrf = try await web.csrfToken(from: "/signup")
            let page = try await web.post("/signup", form: ["name": "Web", "email": "web@sprout.test", "password": "iloveyou"], csrf: csrf)
            #expect(page.body.string.contains("too common") || page.body.string.contains("너무 흔한 비밀번호예요"))
            #expect(try await sprout.platform.accounts.isEmailTaken("web@sprout.test", on: sprout.app.db) == false)
            let lessons = try await sprout.send(.POST, "v1/users/join", headers: sprout.lessonsHeaders(["Content-Type": "application/json"]),
                                                body: #"{"email":"legacy@sprout.test","password":"1234","nick":"legacy"}"#)
            #expect(lessons.status.code == 200, "the lessons contract keeps what its clients send: \(lessons.body.string)")
        }
    }

    private func session(_ sprout: TestSprout) async throws -> SproutAccount.Session {
        _ = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "rotate@sprout.test", password: "long-password", name: "Rota"))
        return try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "rotate@sprout.test", password: "long-password")).decode(SproutAccount.Session.self)
    }

    private func refresh(_ sprout: TestSprout, _ access: String, _ refresh: String) async throws -> TestingHTTPResponse {
        try await sprout.send(.GET, "api/auth/refresh", headers: ["Authorization": "Bearer \(access)", "Refresh": refresh])
    }

    @Test func theRefreshTokenRotatesAndASpentOneEndsTheLogIn() async throws {
        try await withSprout { sprout in
            let first = try await session(sprout)
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime)
            let renewed = try await refresh(sprout, first.accessToken, first.refreshToken).decode(SproutAccount.RefreshResponse.self)
            let second = try #require(renewed.refreshToken)
            #expect(second != first.refreshToken)

            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime)
            let next = try await refresh(sprout, renewed.accessToken, second)
            #expect(next.status.code == 200, "the rotated token is the one that works")
            let third = try #require(try next.decode(SproutAccount.RefreshResponse.self).refreshToken)

            // The first token, spent, shows up again: a copy is loose, so the whole log-in ends.
            let throughLessons = try await sprout.send(.GET, "v1/auth/refresh", headers: sprout.lessonsHeaders(["Authorization": first.accessToken, "Refresh": first.refreshToken]))
            #expect(throughLessons.status.code == 401, "a spent token is spent for every contract")
            let replayed = try await refresh(sprout, first.accessToken, first.refreshToken)
            #expect(replayed.status.code == 401)
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime)
            #expect(try await refresh(sprout, renewed.accessToken, third).status.code == 401, "the newest token of that log-in is revoked too")
        }
    }

    @Test func anotherLogInSurvivesAReplayInThisOne() async throws {
        try await withSprout { sprout in
            let phone = try await session(sprout)
            let laptop = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "rotate@sprout.test", password: "long-password")).decode(SproutAccount.Session.self)
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime)
            _ = try await refresh(sprout, phone.accessToken, phone.refreshToken)
            #expect(try await refresh(sprout, phone.accessToken, phone.refreshToken).status.code == 401)
            #expect(try await refresh(sprout, laptop.accessToken, laptop.refreshToken).status.code == 200)
        }
    }

    @Test func anExpiredRefreshTokenIs418AndTwoRefreshesAtOnceLeaveOneWinner() async throws {
        try await withSprout { sprout in
            let first = try await session(sprout)
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime)
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<4 { group.addTask { try await refresh(sprout, first.accessToken, first.refreshToken).status.code } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 401 }.count == 3, "\(statuses)")

            let late = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "rotate@sprout.test", password: "long-password")).decode(SproutAccount.Session.self)
            sprout.clock.advance(by: sprout.platform.tokens.refreshLifetime + 1)
            #expect(try await refresh(sprout, late.accessToken, late.refreshToken).status.code == 418)
        }
    }
}
