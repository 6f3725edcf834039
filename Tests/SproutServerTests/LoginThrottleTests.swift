import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing

/// Log-ins are limited before a password is checked, on every contract and the web: per client IP
/// and, for failures, per email from any address. The refusal is a 429 with `Retry-After`, in
/// each contract's own error shape.
@Suite struct LoginThrottleTests {
    static let email = "mina@sprout.test"

    func withThrottledSprout(ip: Int = 0, email: Int = 0, _ test: (TestSprout) async throws -> Void) async throws {
        try await withSprout(configure: {
            $0.rateLimit = .init(requestsPerMinutePerIP: 0, requestsPerMinutePerAccount: 0, loginsPerMinutePerIP: ip, failedLoginsPerMinutePerEmail: email)
        }) { sprout in
            _ = try await sprout.platform.accounts.register(email: Self.email, password: "long-password", displayName: "Mina", on: sprout.app.db)
            try await test(sprout)
        }
    }

    func apiLogin(_ sprout: TestSprout, password: String, email: String = LoginThrottleTests.email) async throws -> UInt {
        try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: email, password: password)).status.code
    }

    @Test func failuresForOneEmailLockItBrieflyOnEveryContract() async throws {
        try await withThrottledSprout(email: 3) { sprout in
            for _ in 0..<3 {
                let status = try await apiLogin(sprout, password: "guess")
                #expect(status == 401)
            }

            let api = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: Self.email, password: "long-password"))
            #expect(api.status.code == 429, "even the right password waits")
            #expect(try api.jsonObject()["error"] as? Bool == true)
            let wait = try #require(api.headers.first(name: "Retry-After").flatMap(Int.init))
            #expect((1...60).contains(wait))

            let lessons = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(), json: Lessons.LoginRequest(email: Self.email, password: "long-password"))
            #expect(lessons.status.code == 429)
            #expect(try lessons.jsonObject()["message"] as? String != nil)
            #expect(lessons.headers.first(name: "Retry-After") != nil)

            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/login")
            let web = try await browser.post("/login", form: ["email": Self.email, "password": "long-password"], csrf: csrf)
            #expect(web.status.code == 429)
            #expect(String(buffer: web.body).contains(#"id="error-title""#), "a page, not JSON")
            #expect(web.headers.first(name: "Retry-After") != nil)

            let otherEmail = try await apiLogin(sprout, password: "long-password", email: "other@sprout.test")
            #expect(otherEmail == 401, "other emails are not locked")
            sprout.clock.advance(by: TimeInterval(wait))
            let afterTheWait = try await apiLogin(sprout, password: "long-password")
            #expect(afterTheWait == 200)
        }
    }

    @Test func oneAddressMayTryOnlySoOften() async throws {
        try await withThrottledSprout(ip: 2) { sprout in
            let first = try await apiLogin(sprout, password: "guess", email: "a@sprout.test")
            #expect(first == 401)
            let second = try await apiLogin(sprout, password: "guess", email: "b@sprout.test")
            #expect(second == 401)
            let third = try await apiLogin(sprout, password: "long-password")
            #expect(third == 429)
            sprout.clock.advance(by: 30)
            let later = try await apiLogin(sprout, password: "long-password")
            #expect(later == 200)
        }
    }
}
