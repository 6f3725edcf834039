import Foundation
import SproutTestSupport
import Testing
import Vapor

@Suite struct HubPageTests {
    @Test func hubShowsTheFourAppsInKoreanByDefault() async throws {
        try await withSprout { sprout in
            let page = try await WebClient(sprout).get("/")
            #expect(page.status.code == 200)
            let html = String(buffer: page.body)
            #expect(html.contains(#"<html lang="ko">"#))
            #expect(html.contains("올포레슨"))
            #expect(html.contains(#"id="signup-link""#))
            #expect(html.contains(#"href="/assets/platform/app."#) && !html.contains(#"href="/assets/lessons/lessons."#) && !html.contains(#"src="/assets/market/market."#),
                    "the hub needs no app's bundle")
            #expect(!html.contains("https://"), "no asset comes from outside")
        }
    }

    @Test func acceptLanguageAndTheSwitchPickEnglish() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            browser.language = "en-US,en;q=0.9,ko;q=0.5"
            #expect(String(buffer: try await browser.get("/").body).contains(#"<html lang="en">"#))
            browser.language = nil
            let switched = try await browser.get("/language/en?next=/login")
            #expect(switched.status.code == 303)
            #expect(switched.headers.first(name: .location) == "/login")
            let login = String(buffer: try await browser.get("/login").body)
            #expect(login.contains(#"<html lang="en">"#))
            #expect(login.contains("Log in"))
            let back = try await browser.get("/language/ko?next=//evil.example")
            #expect(back.headers.first(name: .location) == "/", "only local paths are followed")
        }
    }

    @Test func signUpLogOutLogIn() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            #expect(!csrf.isEmpty)
            let signup = try await browser.post("/signup", form: ["name": "Mina Kim", "email": "mina@sprout.test", "password": "long-password"], csrf: csrf)
            #expect(signup.status.code == 303)
            let session = try #require(signup.headers[.setCookie].first { $0.hasPrefix("sprout-session=") })
            #expect(session.contains("HttpOnly"))
            #expect(session.lowercased().contains("samesite=lax"))
            #expect(String(buffer: try await browser.get("/").body).contains("Mina Kim"))

            let logout = try await browser.post("/logout", form: [:], csrf: csrf)
            #expect(logout.status.code == 303)
            #expect(logout.headers.first(name: "Clear-Site-Data") == #""cache", "storage""#, "pages kept offline go with the session")
            #expect(!String(buffer: try await browser.get("/").body).contains(#"id="welcome""#))

            let wrong = try await browser.post("/login", form: ["email": "mina@sprout.test", "password": "nope"], csrf: csrf)
            #expect(wrong.status.code == 401)
            #expect(String(buffer: wrong.body).contains("form-error"))
            let right = try await browser.post("/login", form: ["email": "MINA@sprout.test", "password": "long-password"], csrf: csrf)
            #expect(right.status.code == 303)
            #expect(String(buffer: try await browser.get("/").body).contains(#"id="welcome""#))
        }
    }

    @Test func signupErrorsStayNextToTheirFieldsAndKeepValues() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            let invalid = try await browser.post("/signup", form: ["name": "Mina", "email": "not-an-email", "password": "short"], csrf: csrf)
            #expect(invalid.status.code == 400)
            let html = String(buffer: invalid.body)
            #expect(html.components(separatedBy: "field-error").count - 1 == 2)
            #expect(html.contains(#"value="Mina""#))
            #expect(html.contains(#"value="not-an-email""#))

            _ = try await sprout.platform.accounts.register(email: "taken@sprout.test", password: "x", displayName: "T", on: sprout.app.db)
            let taken = try await browser.post("/signup", form: ["name": "Mina", "email": "Taken@sprout.test", "password": "long-password"], csrf: csrf)
            #expect(taken.status.code == 409)
        }
    }

    @Test func typedTextNeverBecomesMarkup() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            let refused = try await browser.post("/signup", form: ["name": #""><b>x</b>"#, "email": #"a"><i>@x"#, "password": "short"], csrf: csrf)
            let page = String(buffer: refused.body)
            #expect(!page.contains("<b>") && !page.contains("<i>"))
            #expect(page.contains(#"value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;""#))
            let login = String(buffer: try await browser.get("/login?next=%22%3E%3Cb%3E").body)
            #expect(!login.contains("<b>"))
        }
    }

    @Test func formsWithoutTheRightCSRFTokenAreRefused() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            _ = try await browser.csrfToken(from: "/signup")
            let missing = try await browser.post("/signup", form: ["name": "M", "email": "m@sprout.test", "password": "long-password"])
            #expect(missing.status.code == 403)
            let wrong = try await browser.post("/signup", form: ["name": "M", "email": "m@sprout.test", "password": "long-password"], csrf: "forged")
            #expect(wrong.status.code == 403)
            #expect(String(buffer: wrong.body).contains(#"id="error-title""#), "a page, in the page's language")
            #expect(try await sprout.platform.accounts.isEmailTaken("m@sprout.test", on: sprout.app.db) == false)
        }
    }
}

@Suite struct LargeFormTests {
    /// Over a real socket a large body arrives after the headers; the CSRF check must wait for it.
    @Test func aFormLargerThanOneNetworkReadPassesTheCSRFCheck() async throws {
        try await withSprout(ownThreads: true) { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/login")
            let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let body = "_csrf=\(csrf)&email=nobody%40sprout.test&password=\(String(repeating: "p", count: 64 * 1024))"
            let response = try await sprout.app.testing(method: .running(port: 0)).sendRequest(
                .POST, "login", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"], body: ByteBuffer(string: body)
            )
            #expect(response.status.code == 401, "the form was read: wrong credentials, not a CSRF refusal")
        }
    }
}
