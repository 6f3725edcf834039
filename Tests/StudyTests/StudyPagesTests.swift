import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// A browser signed in by phone on the web, and signed up for SeSAC Study unless told otherwise.
struct StudyBrowser {
    let web: WebClient
    let csrf: String

    func page(_ path: String) async throws -> (UInt, String) {
        let response = try await web.get(path)
        return (response.status.code, String(buffer: response.body))
    }

    func post(_ path: String, _ form: [String: String]) async throws -> (UInt, String, String?) {
        let response = try await web.post(path, form: form, csrf: csrf)
        return (response.status.code, String(buffer: response.body), response.headers.first(name: .location))
    }
}

extension TestSprout {
    func studyBrowser(phone: String, nick: String, gender: Int = 1, signUp: Bool = true) async throws -> StudyBrowser {
        let web = WebClient(self)
        let csrf = try await web.csrfToken(from: "/login/phone")
        let codePage = String(buffer: try await web.post("/login/phone/code", form: ["phone": phone], csrf: csrf).body)
        let sessionInfo = codePage.firstMatch(of: /name="sessionInfo" value="([^"]*)"/).map { String($0.1) } ?? ""
        let code = codePage.firstMatch(of: /data-code="([0-9]{6})"/).map { String($0.1) } ?? ""
        let signedIn = try await web.post("/login/phone/verify", form: ["sessionInfo": sessionInfo, "code": code], csrf: csrf)
        #expect(signedIn.status.code == 303)
        let browser = StudyBrowser(web: web, csrf: csrf)
        guard signUp else { return browser }
        for (step, value) in [("nick", nick), ("birth", "1998-03-01"), ("email", "sesac@example.com"), ("gender", String(gender))] {
            let (status, _, _) = try await browser.post("/study/signup/\(step)", ["value": value])
            #expect(status == 303, "step \(step)")
        }
        return browser
    }
}

@Suite struct StudyPagesTests {
    @Test func theGateSendsStrangersToPhoneSignInAndEmailAccountsToLinking() async throws {
        try await withSprout { sprout in
            let stranger = WebClient(sprout)
            #expect(try await stranger.get("/study").headers.first(name: .location) == "/login/phone?next=/study")
            #expect(try await stranger.get("/study/state.json").status.code == 303)
            let csrf = try await stranger.csrfToken(from: "/signup")
            try await stranger.post("/signup", form: ["name": "Mina", "email": "mina@sprout.test", "password": "long-password"], csrf: csrf)
            #expect(try await stranger.get("/study/results").headers.first(name: .location) == "/account/phone?next=/study/results")
            let phoneOnly = try await sprout.studyBrowser(phone: "01020000001", nick: "", signUp: false)
            #expect(try await phoneOnly.web.get("/study").headers.first(name: .location) == "/study/signup")
            #expect(try await phoneOnly.web.get("/study/signup").headers.first(name: .location) == "/study/signup/nick")
        }
    }

    @Test func signupChecksEachStepAndKeepsAnswers() async throws {
        try await withSprout { sprout in
            let browser = try await sprout.studyBrowser(phone: "01020000002", nick: "", signUp: false)
            var (status, html, location) = try await browser.post("/study/signup/nick", ["value": "열한글자가넘는닉네임이다"])
            #expect(status == 400 && html.contains("1자 이상 10자 이내"))
            (status, html, _) = try await browser.post("/study/signup/nick", ["value": "admin"])
            #expect(status == 400 && html.contains("해당 닉네임은 사용할 수 없습니다"))
            (status, _, location) = try await browser.post("/study/signup/nick", ["value": "새싹이"])
            #expect(status == 303 && location == "/study/signup/birth")
            (status, html, _) = try await browser.post("/study/signup/birth", ["value": "2012-05-05"])
            #expect(status == 400 && html.contains("만 17세 이상"))
            (status, _, _) = try await browser.post("/study/signup/birth", ["value": "2000-02-29"])
            #expect(status == 303)
            (status, html, _) = try await browser.post("/study/signup/email", ["value": "not-an-email"])
            #expect(status == 400 && html.contains("이메일 형식"))
            (status, _, _) = try await browser.post("/study/signup/email", ["value": "me@example.com"])
            #expect(status == 303)
            #expect(try await browser.page("/study/signup/nick").1.contains(#"value="새싹이""#), "answers are kept when coming back")
            (status, _, _) = try await browser.post("/study/signup/gender", ["value": "7"])
            #expect(status == 400)
            (status, _, location) = try await browser.post("/study/signup/gender", ["value": "0"])
            #expect(status == 303 && location == "/study")
            let me = try await browser.page("/study/me").1
            #expect(me.contains("새싹이") && me.contains(#"id="my-gender-0" value="0" checked"#))
            #expect(try await browser.web.get("/study/signup/nick").headers.first(name: .location) == "/study")
        }
    }

    @Test func homeDrawsWaitingPeopleOnTheRadarWithTheFilterAndTheStateButton() async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyBrowser(phone: "01020000003", nick: "나")
            let (status, empty) = try await me.page("/study")
            #expect(status == 200)
            #expect(empty.contains(#"data-count="0""#) && empty.contains(#"data-state="search""#))
            let woman = try await sprout.studyPerson("+821020000004", nick: "고래밥", gender: 0)
            try await sprout.enterQueue(woman, lat: 37.520519, long: 126.886145)
            let far = try await sprout.studyPerson("+821020000005", nick: "멀리", gender: 1)
            try await sprout.enterQueue(far, lat: 37.6, long: 126.9)
            let home = try await me.page("/study?lat=37.517819&long=126.886145").1
            #expect(home.contains(#"data-count="1""#) && home.contains("고래밥") && !home.contains("멀리"))
            // 300 m due north of the centre on a 700 m radius: straight up, 38.6 of 90 units.
            #expect(home.contains(#"cx="0.0" cy="-38.6""#), "\(home)")
            #expect(try await me.page("/study?gender=man").1.contains(#"data-count="0""#))
            #expect(try await me.page("/study?gender=woman").1.contains(#"data-count="1""#))
            #expect(try await me.page("/study?lat=999&long=x").1.contains(#"value="37.517819""#), "a bad point keeps the last good one")

            #expect(try await me.post("/study/queue", [:]).2 == "/study/results")
            #expect(try await me.page("/study").1.contains(#"data-state="waiting""#))
            let live = try await me.web.get("/study/state.json").decode(LiveState.self)
            #expect(live == LiveState(state: "waiting", matchedNick: "", partnerEnded: false, nearby: 1, received: 0))
        }
    }

    struct LiveState: Decodable, Equatable {
        let state: String
        let matchedNick: String
        let partnerEnded: Bool
        let nearby: Int
        let received: Int
    }

    @Test func tagsFollowTheRulesAndAreKeptUntilQueueing() async throws {
        try await withSprout { sprout in
            let other = try await sprout.studyPerson("+821020000006", nick: "이웃")
            #expect(try await sprout.enterQueue(other, tags: ["algo", "swiftui"]) == 200)
            let me = try await sprout.studyBrowser(phone: "01020000007", nick: "나")
            let input = try await me.page("/study/input").1
            #expect(input.contains(#"data-tag="swiftui""#), "nearby people's studies are offered")
            #expect(try await me.post("/study/input/tags", ["tags": "swift  ios swift"]).2 == "/study/input")
            var (status, html, _) = try await me.post("/study/input/tags", ["tags": "아홉글자가넘는태그"])
            #expect(status == 400 && html.contains("1자 이상 8자 이내"))
            (status, html, _) = try await me.post("/study/input/tags", ["tags": "a b c d e f g"])
            #expect(status == 400 && html.contains("최대 8개"))
            #expect(try await me.post("/study/input/tags/remove", ["tags": "ios"]).2 == "/study/input")
            let kept = try await me.page("/study/input").1
            #expect(kept.contains(#"id="chosen-tags""#) && kept.contains("swift ✕") && !kept.contains("ios ✕"))
            #expect(try await me.post("/study/queue", [:]).2 == "/study/results")
            let found = try await sprout.search(other)
            #expect(found.fromQueueDB.first?.studylist == ["swift"])
        }
    }

    @Test func oneRequestsTheOtherAcceptsAndBothAreMatched() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01020000008", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01020000009", nick: "새우깡")
            #expect(try await a.post("/study/queue", [:]).2 == "/study/results")
            _ = try await b.page("/study?lat=37.520519&long=126.886145")
            #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
            let nearby = try await a.page("/study/results").1
            let bUID = try #require(nearby.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            #expect(nearby.contains("새우깡") && nearby.contains("요청하기"))

            // B accepting a request nobody sent changes nothing.
            let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/results?tab=received&notice=other-stopped")

            #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
            #expect(try await a.page("/study/results?notice=requested").1.contains("스터디를 요청했어요"))
            let received = try await b.page("/study/results?tab=received").1
            #expect(received.contains("고래밥") && received.contains("수락하기"))
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/matched")
            #expect(try await a.page("/study/matched").1.contains("새우깡님과 매칭되었습니다"))
            #expect(try await b.page("/study/matched").1.contains("고래밥님과 매칭되었습니다"))
            #expect(try await a.web.get("/study/results").headers.first(name: .location) == "/study/matched")
            #expect(try await a.page("/study").1.contains(#"data-state="matched""#))
            #expect(try await a.web.get("/study/state.json").decode(LiveState.self).matchedNick == "새우깡")

            // Cancelling asks first and says what it costs; someone else's study is refused; mine frees us both.
            #expect(try await a.post("/study/dodge", ["otheruid": bUID]).2 == "/study/dodge?otheruid=\(bUID)", "not without a confirmation")
            #expect(try await a.page("/study/matched").1.contains("새우깡님과 매칭되었습니다"))
            #expect(try await a.page("/study/dodge?otheruid=\(bUID)").1.contains("패널티로 1분 동안"))
            #expect(try await a.post("/study/dodge", ["otheruid": "someone-else", "confirm": "yes"]).0 == 404)
            #expect(try await a.post("/study/dodge", ["otheruid": bUID, "confirm": "yes"]).2 == "/study/ended")
            #expect(try await b.page("/study/matched").1.contains("상대방이 스터디를 종료했어요"))
            #expect(try await b.web.get("/study/state.json").decode(LiveState.self).partnerEnded, "the partner's open page reloads on it")
            #expect(try await b.page("/study/dodge?otheruid=\(aUID)").1.contains("패널티는 없어요"))
            #expect(try await a.post("/study/queue", [:]).2 == "/study/input?notice=penalty-1", "a dodge carries its penalty")
        }
    }

    @Test func aHostileNicknameNeverBecomesMarkup() async throws {
        try await withSprout { sprout in
            let hostile = #""><i>x</i>"#
            let villain = try await sprout.studyBrowser(phone: "01020000010", nick: hostile)
            #expect(try await villain.post("/study/input/tags", ["tags": "<b>x</b>"]).0 == 303)
            #expect(try await villain.post("/study/queue", [:]).2 == "/study/results")
            let me = try await sprout.studyBrowser(phone: "01020000011", nick: "나")
            for path in ["/study", "/study/results", "/study/input"] {
                let html = try await me.page(path).1
                #expect(!html.contains("<i>x") && !html.contains("<b>x"), "\(path)")
            }
            #expect(try await me.page("/study").1.contains("&lt;i&gt;x&lt;/i&gt;"))
            #expect(try await villain.page("/study/me").1.contains("&lt;i&gt;x&lt;/i&gt;"))
        }
    }

    @Test func myInfoSavesWithinTheRulesAndWithdrawingNeedsConfirmation() async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyBrowser(phone: "01020000012", nick: "나")
            var (status, html, location) = try await me.post("/study/me", ["ageMin": "30", "ageMax": "20", "gender": "1", "study": "swift"])
            #expect(status == 400 && html.contains("18세부터 65세"))
            (status, _, location) = try await me.post("/study/me", ["ageMin": "20", "ageMax": "40", "gender": "0", "study": "알고리즘", "searchable": "1"])
            #expect(status == 303 && location == "/study/me?notice=saved")
            html = try await me.page("/study/me?notice=saved").1
            #expect(html.contains("저장했어요") && html.contains(#"value="알고리즘""#) && html.contains(#"value="20""#) && html.contains(#"id="searchable" value="1" checked"#))
            (status, _, _) = try await me.post("/study/me", ["ageMin": "20", "ageMax": "40", "gender": "0", "study": ""])
            #expect(!(try await me.page("/study/me").1.contains(#"id="searchable" value="1" checked"#)), "an unticked box turns searching off")

            #expect(try await me.page("/study/withdraw").1.contains(#"id="confirm-withdraw""#))
            #expect(try await me.post("/study/withdraw", [:]).2 == "/")
            #expect(try await me.web.get("/study").headers.first(name: .location) == "/study/signup")
            let noCSRF = try await me.web.post("/study/withdraw", form: [:])
            #expect(noCSRF.status.code == 403)
        }
    }
}
