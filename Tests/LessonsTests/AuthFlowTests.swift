import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct AuthFlowTests {
    @Test func loginAnswersEveryField() async throws {
        try await withSprout { sprout in
            try await sprout.join()
            let response = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(), json: Lessons.LoginRequest(email: "Mina@sprout.test", password: "pw12345"))
            #expect(response.status.code == 200)
            let json = try response.jsonObject()
            #expect(Set(json.keys) == ["user_id", "email", "nick", "profileImage", "accessToken", "refreshToken"])
            #expect(json["profileImage"] as? String == "")
        }
    }

    @Test func loginFailuresAre400And401() async throws {
        try await withSprout { sprout in
            try await sprout.join()
            let wrong = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(), json: Lessons.LoginRequest(email: "mina@sprout.test", password: "nope"))
            #expect(wrong.status.code == 401)
            let unknown = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(), json: Lessons.LoginRequest(email: "who@sprout.test", password: "pw12345"))
            #expect(unknown.status.code == 401)
            let missing = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(), json: ["email": "mina@sprout.test"])
            #expect(missing.status.code == 400)
        }
    }

    @Test func profileNeedsAValidToken() async throws {
        try await withSprout { sprout in
            try await sprout.join(phoneNum: "1")
            let login = try await sprout.login()
            let profile = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": login.accessToken]))
            #expect(profile.status.code == 200)
            let json = try profile.jsonObject()
            #expect(Set(json.keys) == ["user_id", "email", "nick", "phoneNum", "birthDay", "profileImage", "followers", "following", "posts"])
            #expect(json["phoneNum"] as? String == "1")
            #expect((json["followers"] as? [Any])?.isEmpty == true)
            let bearer = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": "Bearer \(login.accessToken)"]))
            #expect(bearer.status.code == 200)
            let none = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders())
            #expect(none.status.code == 401)
            let forged = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": login.accessToken.dropLast(2) + "xx"]))
            #expect(forged.status.code == 401)
        }
    }

    @Test func theTokenFlowFollowsTheContract() async throws {
        try await withSprout { sprout in
            try await sprout.join()
            let login = try await sprout.login()
            let refreshHeaders = sprout.lessonsHeaders(["Authorization": login.accessToken, "Refresh": login.refreshToken])

            let early = try await sprout.send(.GET, "v1/auth/refresh", headers: refreshHeaders)
            #expect(early.status.code == 409)

            sprout.clock.advance(by: 5 * 60)
            let expired = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": login.accessToken]))
            #expect(expired.status.code == 419)

            let badRefresh = try await sprout.send(.GET, "v1/auth/refresh", headers: sprout.lessonsHeaders(["Authorization": login.accessToken, "Refresh": "nope"]))
            #expect(badRefresh.status.code == 401)
            let badAccess = try await sprout.send(.GET, "v1/auth/refresh", headers: sprout.lessonsHeaders(["Authorization": "nope", "Refresh": login.refreshToken]))
            #expect(badAccess.status.code == 401)

            let refreshed = try await sprout.send(.GET, "v1/auth/refresh", headers: refreshHeaders)
            #expect(refreshed.status.code == 200)
            let json = try refreshed.jsonObject()
            #expect(Set(json.keys) == ["accessToken"])
            let fresh = try #require(json["accessToken"] as? String)
            let profile = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": fresh]))
            #expect(profile.status.code == 200)

            sprout.clock.advance(by: 14 * 24 * 3600)
            let late = try await sprout.send(.GET, "v1/auth/refresh", headers: refreshHeaders)
            #expect(late.status.code == 418)
        }
    }

    @Test func withdrawRemovesTheAccountAndItsSessions() async throws {
        try await withSprout { sprout in
            try await sprout.join()
            let login = try await sprout.login()
            let withdraw = try await sprout.send(.GET, "v1/users/withdraw", headers: sprout.lessonsHeaders(["Authorization": login.accessToken]))
            #expect(withdraw.status.code == 200)
            #expect(Set(try withdraw.jsonObject().keys) == ["user_id", "email", "nick"])

            let again = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(), json: Lessons.LoginRequest(email: "mina@sprout.test", password: "pw12345"))
            #expect(again.status.code == 401)
            let profile = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": login.accessToken]))
            #expect(profile.status.code == 403, "a genuine token that outlived its account is refused")
            #expect(try sprout.message(profile) == "접근 권한이 없습니다.")
            let post = try await sprout.send(.POST, "v1/posts", headers: sprout.lessonsHeaders(["Authorization": login.accessToken]), json: Lessons.PostRequest(title: "x", productID: "p"))
            #expect(post.status.code == 403, "nothing is written for an account that is gone")
            sprout.clock.advance(by: 5 * 60)
            let refresh = try await sprout.send(.GET, "v1/auth/refresh", headers: sprout.lessonsHeaders(["Authorization": login.accessToken, "Refresh": login.refreshToken]))
            #expect(refresh.status.code == 401)
            let rejoin = try await sprout.join()
            #expect(rejoin.status.code == 200, "the email and nick are free again")
        }
    }

    @Test func webSignupsGetALessonsProfileOnFirstLogin() async throws {
        try await withSprout { sprout in
            _ = try await sprout.platform.accounts.register(email: "web@sprout.test", password: "pw12345", displayName: "웹 사용자", on: sprout.app.db)
            let login = try await sprout.login(email: "web@sprout.test")
            #expect(login.nick == "웹사용자")
        }
    }
}
