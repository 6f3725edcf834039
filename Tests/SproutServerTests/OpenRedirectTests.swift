import Foundation
import Platform
import SproutTestSupport
import Testing

/// `next` on the log-in and the language switch only ever leads to a path on this site.
@Suite struct OpenRedirectTests {
    /// As they arrive percent-encoded in a query: each would take a browser to another site.
    static let foreign = ["/%09/evil.example", "/%0A/evil.example", "/%0d%0a/evil.example", "//evil.example", "/%5Cevil.example",
                          "https://evil.example", "/%20/evil.example", "%2F%2Fevil.example", "/%E2%80%A8/evil.example", "javascript:alert(1)"]

    @Test(arguments: foreign)
    func theLanguageSwitchStaysOnTheSite(next: String) async throws {
        try await withSprout { sprout in
            let response = try await WebClient(sprout).get("/language/en?next=\(next)")
            #expect(response.headers.first(name: .location) == "/", "\(next)")
        }
    }

    @Test(arguments: foreign)
    func logInStaysOnTheSite(next: String) async throws {
        try await withSprout { sprout in
            _ = try await sprout.platform.accounts.register(email: "a@sprout.test", password: "long-password", displayName: "A", on: sprout.app.db)
            let browser = WebClient(sprout)
            let form = String(buffer: try await browser.get("/login?next=\(next)").body)
            #expect(form.contains(#"name="next" value="/""#), "\(next)")
            let csrf = try await browser.csrfToken(from: "/login")
            let decoded = next.removingPercentEncoding ?? next
            let response = try await browser.post("/login", form: ["email": "a@sprout.test", "password": "long-password", "next": decoded], csrf: csrf)
            #expect(response.headers.first(name: .location) == "/", "\(next)")
        }
    }

    @Test func localPathsAreKept() {
        for path in ["/", "/lessons/list?group=strings&page=2", "/market/products/3", "/lessons/%EC%B2%BC%EB%A1%9C"] {
            #expect(LocalPath.sanitized(path) == path)
        }
    }
}
