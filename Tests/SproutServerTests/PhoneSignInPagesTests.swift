import Fluent
import Foundation
import Platform
import SproutTestSupport
import Testing
import Vapor

@Suite struct PhoneSignInPagesTests {
    /// What the code page carries: the hidden `sessionInfo` and the development hint's code.
    struct CodePage {
        let html: String
        var sessionInfo: String { html.firstMatch(of: /name="sessionInfo" value="([^"]*)"/).map { String($0.1) } ?? "" }
        var devCode: String { html.firstMatch(of: /data-code="([0-9]{6})"/).map { String($0.1) } ?? "" }
    }

    func sendCode(_ browser: WebClient, phone: String, path: String = "/login/phone", next: String = "/") async throws -> (UInt, CodePage) {
        let csrf = try await browser.csrfToken(from: path)
        let response = try await browser.post(path + "/code", form: ["phone": phone, "next": next], csrf: csrf)
        return (response.status.code, CodePage(html: String(buffer: response.body)))
    }

    @Test func aPhoneSignsInAfterAWrongCodeAndTheAccountIsMadeOnce() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let login = String(buffer: try await browser.get("/login").body)
            #expect(login.contains(#"href="/login/phone?next=/""#))
            let (status, page) = try await sendCode(browser, phone: "010-2345-6789", next: "/study")
            #expect(status == 200)
            #expect(page.html.contains("개발 모드 안내"), "the development notice says codes are not texted")
            #expect(page.html.contains(#"data-seconds="60""#))
            #expect(page.devCode.count == 6 && !page.sessionInfo.isEmpty)
            let csrf = try await browser.csrfToken(from: "/login/phone")
            let wrongCode = page.devCode == "000000" ? "111111" : "000000"
            let wrong = try await browser.post("/login/phone/verify", form: ["sessionInfo": page.sessionInfo, "code": wrongCode, "phone": "010-2345-6789", "next": "/study"], csrf: csrf)
            #expect(wrong.status.code == 400)
            #expect(String(buffer: wrong.body).contains("인증번호가 맞지 않아요"))
            let right = try await browser.post("/login/phone/verify", form: ["sessionInfo": page.sessionInfo, "code": page.devCode, "next": "/study"], csrf: csrf)
            #expect(right.status.code == 303)
            #expect(right.headers.first(name: .location) == "/study")
            #expect(String(buffer: try await browser.get("/").body).contains("010-****-6789"))

            let again = WebClient(sprout)
            let (_, second) = try await sendCode(again, phone: "+82 10 2345 6789")
            let csrf2 = try await again.csrfToken(from: "/login/phone")
            #expect(try await again.post("/login/phone/verify", form: ["sessionInfo": second.sessionInfo, "code": second.devCode], csrf: csrf2).status.code == 303)
            let holders = try await Account.query(on: sprout.app.db).filter(\.$phoneNumber == "+821023456789").count()
            #expect(holders == 1)
        }
    }

    @Test func refusalsAreShownInThePageInEitherLanguage() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let (status, page) = try await sendCode(browser, phone: "12ab")
            #expect(status == 400)
            #expect(page.html.contains("휴대폰 번호 형식이 올바르지 않아요"))
            browser.language = "en"
            let (_, english) = try await sendCode(browser, phone: "")
            #expect(english.html.contains("Enter your phone number."))

            let (_, code) = try await sendCode(browser, phone: "01033334444")
            sprout.clock.advance(by: 61)
            let csrf = try await browser.csrfToken(from: "/login/phone")
            let expired = try await browser.post("/login/phone/verify", form: ["sessionInfo": code.sessionInfo, "code": code.devCode], csrf: csrf)
            #expect(expired.status.code == 400)
            let html = String(buffer: expired.body)
            #expect(html.contains("This code has expired") && html.contains(#"data-seconds="0""#) && !html.contains("dev-code-hint"))
            let hub = String(buffer: try await browser.get("/").body)
            #expect(!hub.contains(#"id="logout""#), "an expired code signs nobody in")

            let forged = try await browser.post("/login/phone/verify", form: ["sessionInfo": "nope", "code": "123456"], csrf: csrf)
            #expect(forged.status.code == 400)
            let noToken = try await browser.post("/login/phone/code", form: ["phone": "01033334444"])
            #expect(noToken.status.code == 403, "the CSRF field is required")
        }
    }

    @Test func fiveWrongCodesKillTheCodeAndTooManyCodesAreRefused() async throws {
        try await withSprout(configure: { $0.phoneCodeLimits = PhoneCodeLimits(perPhonePerHour: 2, perClientPerHour: 0) }) { sprout in
            let browser = WebClient(sprout)
            let (_, page) = try await sendCode(browser, phone: "01055556666")
            let csrf = try await browser.csrfToken(from: "/login/phone")
            let wrongCode = page.devCode == "000000" ? "111111" : "000000"
            for _ in 1...PhoneSignIn.maxAttempts {
                _ = try await browser.post("/login/phone/verify", form: ["sessionInfo": page.sessionInfo, "code": wrongCode], csrf: csrf)
            }
            let late = try await browser.post("/login/phone/verify", form: ["sessionInfo": page.sessionInfo, "code": page.devCode], csrf: csrf)
            #expect(String(buffer: late.body).contains("인증번호가 만료되었어요"))
            _ = try await sendCode(browser, phone: "01055556666")
            let (status, refused) = try await sendCode(browser, phone: "01055556666")
            #expect(status == 429)
            #expect(refused.html.contains("요청이 너무 많았어요"))
        }
    }

    @Test func anEmailAccountLinksAPhoneButNotSomeoneElses() async throws {
        try await withSprout { sprout in
            let stranger = WebClient(sprout)
            let redirect = try await stranger.get("/account/phone?next=/study")
            #expect(redirect.status.code == 303)
            #expect(redirect.headers.first(name: .location)?.hasPrefix("/login?next=") == true)

            _ = try await sprout.phoneSignIn("+821077778888")
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "Mina", "email": "mina@sprout.test", "password": "long-password"], csrf: csrf)
            let (_, taken) = try await sendCode(browser, phone: "010-7777-8888", path: "/account/phone")
            let refused = try await browser.post("/account/phone/verify", form: ["sessionInfo": taken.sessionInfo, "code": taken.devCode], csrf: csrf)
            #expect(refused.status.code == 409)
            #expect(String(buffer: refused.body).contains("이미 다른 계정에 연결된 번호예요"))

            let (_, mine) = try await sendCode(browser, phone: "010-1212-3434", path: "/account/phone", next: "//evil.example")
            let linked = try await browser.post("/account/phone/verify", form: ["sessionInfo": mine.sessionInfo, "code": mine.devCode, "next": "//evil.example"], csrf: csrf)
            #expect(linked.status.code == 303)
            #expect(linked.headers.first(name: .location) == "/", "only local paths are followed")
            let account = try await Account.query(on: sprout.app.db).filter(\.$email == "mina@sprout.test").first()
            #expect(account?.phoneNumber == "+821012123434")
        }
    }

    @Test func aHostileNumberIsEscaped() async throws {
        try await withSprout { sprout in
            let (_, page) = try await sendCode(WebClient(sprout), phone: #""><script>alert(1)</script>"#)
            #expect(!page.html.contains("<script>alert"))
            #expect(page.html.contains("&quot;&gt;&lt;script&gt;"))
        }
    }
}
