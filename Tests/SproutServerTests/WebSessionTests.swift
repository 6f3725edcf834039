import Fluent
import Foundation
import Platform
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
            #expect(try await SessionRecord.query(on: sprout.app.db).count() == 0)

            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "S", "email": "s@sprout.test", "password": "long-password"], csrf: csrf)
            #expect(try await SessionRecord.query(on: sprout.app.db).count() == 1, "signing in makes the one session")
            #expect(String(buffer: try await browser.get("/").body).contains(#"id="logout-form""#), "and it is read back")
        }
    }
}
