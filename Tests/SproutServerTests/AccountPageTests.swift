import Foundation
import SproutTestSupport
import Testing
import Vapor

@Suite struct AccountPageTests {
    @Test func theHeaderNamesTheSignedInPersonAndLeadsToTheirAccountPage() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let anonymous = String(buffer: try await browser.get("/market").body)
            #expect(anonymous.contains(#"id="login-link""#) && !anonymous.contains(#"id="account-link""#))
            #expect(anonymous.contains(#"id="lang-en""#) && !anonymous.contains(#"id="lang-ko""#), "the header offers the other language")

            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "<김민아>", "email": "mina@sprout.test", "password": "long-password"], csrf: csrf)
            let page = String(buffer: try await browser.get("/market").body)
            #expect(page.contains(#"id="account-link" class="account-link" href="/account""#))
            #expect(page.contains("&lt;김민아&gt;") && !page.contains("<김민아>"), "the name is escaped, in the link and its label")
            #expect(!page.contains(#"id="logout-form""#), "signing out is on the account page")
            #expect(!page.contains(#"id="login-link""#))
        }
    }

    @Test func theAccountPageShowsThePersonTheirThingsInEachAppAndSignsOut() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "Mina Kim", "email": "mina@sprout.test", "password": "long-password"], csrf: csrf)
            let page = try await browser.get("/account")
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains(#"id="account-name">Mina Kim<"#) && html.contains(#"id="account-email">mina@sprout.test<"#))
            #expect(html.contains(#"<span class="avatar" aria-hidden="true">M</span>"#))
            let shortcuts = ["/lessons/me", "/market/mine", "/market/likes", "/reading", "/reading/stats", "/study/me"]
            for path in shortcuts { #expect(html.contains(#"href="\#(path)""#), "\(path)") }
            let order = shortcuts.compactMap { html.range(of: #"href="\#($0)""#)?.lowerBound }
            #expect(order.count == 6, "every shortcut is there")
            #expect(order[0] < order[1] && order[2] < order[3], "in the hub's order: lessons, market, reading")
            #expect(html.contains(#"id="account-lang-en" href="/language/en?next=/account""#))
            #expect(html.contains(#"id="logout-form""#) && html.contains(#"id="logout-everywhere""#))

            let out = try await browser.post("/logout", form: [:], csrf: try await browser.csrfToken(from: "/account"))
            #expect(out.status == .seeOther)
            let after = try await browser.get("/account")
            #expect(after.status == .seeOther && after.headers.first(name: .location) == "/login?next=/account", "signed out, the page asks to log in")
        }
    }
}
