import Foundation
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Testing
import Vapor

/// Every answer carries the headers that keep browsers on the safe reading; behind https the
/// cookies are `Secure` and browsers are told to stay on https.
@Suite struct SecurityHeadersTests {
    @Test func pagesAndAPIsCarryTheHeaders() async throws {
        try await withSprout { sprout in
            let page = try await WebClient(sprout).get("/login")
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("script-src 'self'") == true)
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            for response in [page, try await sprout.send(.GET, "healthz"), try await sprout.send(.GET, "api/products/999999")] {
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(response.headers.first(name: "Referrer-Policy") == "strict-origin")
                #expect(response.headers.first(name: "X-Frame-Options") == "DENY")
                #expect(response.headers.first(name: "Strict-Transport-Security") == nil, "plain http: no HSTS")
            }
            #expect(page.headers[.setCookie].allSatisfy { !$0.contains("Secure") })
        }
    }

    @Test func behindHTTPSCookiesAreSecureAndHSTSIsSent() async throws {
        try await withSprout(configure: { $0.publicBaseURL = "https://sprout.example" }) { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            let signup = try await browser.post("/signup", form: ["name": "S", "email": "s@sprout.test", "password": "long-password"], csrf: csrf)
            let cookies = signup.headers[.setCookie]
            #expect(cookies.contains { $0.hasPrefix("sprout-session=") && $0.contains("Secure") }, "\(cookies)")
            let page = try await browser.get("/")
            #expect(page.headers.first(name: "Strict-Transport-Security")?.hasPrefix("max-age=") == true)
        }
    }

    /// Only HTML answers get the page policy, whatever the case, spacing and parameters of their
    /// media type.
    @Test(arguments: [
        ("text/html", true), ("text/html; charset=utf-8", true), ("TEXT/HTML;charset=utf-8", true), (" text/html ; charset=utf-8", true),
        ("text/htmlx", false), ("text/htm", false), ("application/json", false), ("text/plain; x=text/html", false), ("", false),
    ])
    func onlyHTMLIsAPage(contentType: String, isHTML: Bool) {
        #expect(SecurityHeadersMiddleware.isHTML(HTTPHeaders([("Content-Type", contentType)])) == isHTML)
    }
}
