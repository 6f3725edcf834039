import Fluent
import Foundation
@testable import Platform
import SproutTestSupport
import Testing

/// A session exists only for someone who signed in: browsing anonymously stores nothing.
@Suite struct WebSessionTests {
    @Test func anonymousPageViewsStoreNoSession() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            for path in ["/", "/market", "/lessons", "/login", "/no/such/page"] {
                let page = try await browser.get(path)
                #expect(!page.headers[.setCookie].contains { $0.hasPrefix(WebSessionCookie.name) }, "\(path)")
            }
            #expect(try await WebSessionRow.query(on: sprout.app.db).count() == 0)

            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "S", "email": "s@sprout.test", "password": "long-password"], csrf: csrf)
            #expect(try await WebSessionRow.query(on: sprout.app.db).count() == 1, "signing in makes the one session")
            #expect(String(buffer: try await browser.get("/").body).contains(#"id="account-link""#), "and it is read back")
        }
    }

    @Test func aSessionLastsThirtyDaysFromItsLastUseAndIsThenForgotten() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "S", "email": "s@sprout.test", "password": "long-password"], csrf: csrf)
            let stored = try #require(try await WebSessionRow.query(on: sprout.app.db).first())
            #expect(stored.accountID != nil, "the account is kept beside the data")
            let home = String(buffer: try await browser.get("/").body)
            #expect(!(stored.id ?? "").isEmpty && home.contains("account-link"))

            sprout.clock.advance(by: WebSessionStore.lifetime - 60)
            #expect(String(buffer: try await browser.get("/").body).contains("account-link"), "used within its life: renewed")
            sprout.clock.advance(by: WebSessionStore.lifetime - 60)
            #expect(String(buffer: try await browser.get("/").body).contains("account-link"), "thirty days from the last use, not the first")
            sprout.clock.advance(by: WebSessionStore.lifetime + 1)
            #expect(!String(buffer: try await browser.get("/").body).contains("account-link"), "past its life: signed out")
            #expect(try await WebSessionRow.query(on: sprout.app.db).count() == 0, "and the row is gone")
        }
    }

    @Test func loggingOutEverywhereEndsOtherBrowsersAndAppTokens() async throws {
        try await withSprout { sprout in
            let laptop = WebClient(sprout), phone = WebClient(sprout)
            let csrf = try await laptop.csrfToken(from: "/signup")
            try await laptop.post("/signup", form: ["name": "S", "email": "s@sprout.test", "password": "long-password"], csrf: csrf)
            let phoneCSRF = try await phone.csrfToken(from: "/login")
            try await phone.post("/login", form: ["email": "s@sprout.test", "password": "long-password"], csrf: phoneCSRF)
            let app = try await sprout.send(.POST, "api/auth/login", json: ["email": "s@sprout.test", "password": "long-password"])
            let refresh = try app.decode(SproutAccountTokens.self)
            let other = WebClient(sprout)
            let otherCSRF = try await other.csrfToken(from: "/signup")
            try await other.post("/signup", form: ["name": "O", "email": "o@sprout.test", "password": "long-password"], csrf: otherCSRF)
            #expect(try await WebSessionRow.query(on: sprout.app.db).count() == 3)

            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime + 1)
            let refreshHeaders = ["Authorization": "Bearer \(refresh.accessToken)", "Refresh": refresh.refreshToken]
            #expect(try await sprout.send(.GET, "api/auth/refresh", headers: refreshHeaders).status == .ok, "the app's refresh token works before")

            let csrfNow = try await laptop.csrfToken(from: "/account")
            let out = try await laptop.post("/logout/everywhere", form: [:], csrf: csrfNow)
            #expect(out.status == .seeOther && out.headers.first(name: "Clear-Site-Data") == #""cache", "storage""#)
            for browser in [laptop, phone] {
                #expect(!String(buffer: try await browser.get("/").body).contains("account-link"))
            }
            #expect(String(buffer: try await other.get("/").body).contains("account-link"), "another account's session stays")
            #expect(try await sprout.send(.GET, "api/auth/refresh", headers: refreshHeaders).status == .unauthorized, "and is revoked after")
        }
    }

    private struct SproutAccountTokens: Decodable {
        let accessToken: String
        let refreshToken: String
    }
}
