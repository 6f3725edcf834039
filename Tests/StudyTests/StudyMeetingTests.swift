import Foundation
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor

/// The web's way to the end of a study (issue 47): the match lasts until "만났어요" or "스터디
/// 종료", each side then reviews the other once, and the contract's clients see the same study.
/// And the result cards: only earned praise, a request that says it was sent and can be taken back.
@Suite struct StudyMeetingTests {
    /// Two web visitors waiting about 300 m apart; the first asked the second, who accepted.
    private func matchedOnTheWeb(_ sprout: TestSprout, phones: (String, String)) async throws -> (StudyBrowser, String, StudyBrowser, String) {
        let a = try await sprout.studyBrowser(phone: phones.0, nick: "고래밥")
        let b = try await sprout.studyBrowser(phone: phones.1, nick: "새우깡")
        #expect(try await a.post("/study/queue", [:]).2 == "/study/results")
        _ = try await b.page("/study?lat=37.520519&long=126.886145")
        #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
        let bUID = try #require(try await a.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
        let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
        #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
        #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/matched")
        return (a, aUID, b, bUID)
    }

    @Test func weMetEndsTheStudyForBothWithoutAPenaltyAndTheAppSeesItOver() async throws {
        try await withSprout { sprout in
            let app = try await sprout.studyPerson("+821011120001", nick: "고래밥")
            let web = try await sprout.studyBrowser(phone: "01030000051", nick: "새우깡")
            try await sprout.enterQueue(app)
            #expect(try await web.post("/study/queue", [:]).2 == "/study/results")
            let webUID = try #require(try await sprout.search(app).fromQueueDB.first?.uid)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", app, form: [("otheruid", webUID)]).status.code == 200)
            #expect(try await web.post("/study/accept", ["otheruid": app.accountID]).2 == "/study/matched")

            // Nothing was agreed before both wrote: no meeting to end it by.
            #expect(try await web.post("/study/met", ["otheruid": app.accountID, "confirm": "yes"]).2 == "/study/matched?notice=not-met-yet")
            #expect(try await web.web.get("/study/met?otheruid=\(app.accountID)").headers.first(name: .location) == "/study/matched?notice=not-met-yet")
            #expect(try await web.post("/study/chat", ["otheruid": app.accountID, "chat": "토요일 10시 망원역 어때요?"]).2 == "/study/matched#chat-form")
            #expect(try await sprout.study(.POST, "v1/chat/\(webUID)", app, form: [("chat", "좋아요")]).status.code == 200)
            #expect(try await web.post("/study/chat", ["otheruid": app.accountID, "chat": "그럼 토요일에 봬요"]).2 == "/study/matched#chat-form",
                    "the study goes on after one message each")
            let goingOn = try await web.page("/study/matched").1
            #expect(goingOn.contains(#"<div id="met-box">"#) && !goingOn.contains(#"id="review-form""#))
            let chat = try #require(goingOn.range(of: #"id="chat-log""#)), report = try #require(goingOn.range(of: #"id="report-details""#))
            #expect(chat.lowerBound < report.lowerBound, "the page leads with the chat; the report is folded away below it")

            // Someone else's study is not theirs to end.
            let stranger = try await sprout.studyBrowser(phone: "01030000053", nick: "낯선이")
            #expect(try await stranger.page("/study/met?otheruid=\(app.accountID)").0 == 404)
            #expect(try await stranger.post("/study/met", ["otheruid": app.accountID, "confirm": "yes"]).0 == 404)
            #expect(try await stranger.post("/study/met", ["otheruid": webUID, "confirm": "yes"]).0 == 404)
            #expect(try await stranger.post("/study/dodge", ["otheruid": app.accountID, "confirm": "yes"]).0 == 404)
            #expect(try await sprout.queueState(app).state?.reviewed == 0)

            #expect(try await web.page("/study/met?otheruid=\(app.accountID)").1.contains(#"id="confirm-met""#))
            #expect(try await web.post("/study/met", ["otheruid": app.accountID]).2 == "/study/met?otheruid=\(app.accountID)", "not without a confirmation")
            #expect(try await web.post("/study/met", ["otheruid": app.accountID, "confirm": "yes"]).2 == "/study/ended")
            #expect(try await web.web.get("/study/matched").headers.first(name: .location) == "/study/ended", "the review is what is left")

            // The app reads the study as over and its review as free to give; it cannot chat on.
            #expect(try await sprout.queueState(app).state == Study.QueueState(dodged: 0, matched: 1, reviewed: 1, matchedNick: "새우깡", matchedUid: webUID))
            #expect(try await sprout.study(.POST, "v1/chat/\(webUID)", app, form: [("chat", "안녕")]).status.code == 201)
            #expect(try await web.web.get("/study/state.json").decode(StudyPagesTests.LiveState.self).state == "normal")

            // Nobody pays for meeting: the web side waits again at once, and so does the app's after ending its side.
            let met = try #require(try await StudyProfile.find(webUID, on: sprout.app.db))
            #expect(met.dodgeNum == 0 && met.penaltyUntil == nil)
            #expect(try await web.post("/study/queue", [:]).2 == "/study/results")
            #expect(try await sprout.study(.POST, "v1/queue/dodge", app, form: [("otheruid", webUID)]).status.code == 200)
            #expect(try await sprout.enterQueue(app) == 200)
            let partner = try #require(try await StudyProfile.find(app.accountID, on: sprout.app.db))
            #expect(partner.dodgeNum == 0)
        }
    }

    @Test func afterTheEndEachSideReviewsTheOtherExactlyOnce() async throws {
        try await withSprout { sprout in
            let (a, aUID, b, bUID) = try await matchedOnTheWeb(sprout, phones: ("01030000061", "01030000062"))
            _ = try await a.post("/study/chat", ["otheruid": bUID, "chat": "토요일 10시 망원역"])
            _ = try await b.post("/study/chat", ["otheruid": aUID, "chat": "좋아요"])
            #expect(try await a.post("/study/met", ["otheruid": bUID, "confirm": "yes"]).2 == "/study/ended")

            let ended = try await a.page("/study/ended").1
            #expect(ended.contains("새우깡님과 만났어요") && ended.contains(#"id="review-form""#) && ended.contains("좋아요"))
            let partnerSide = try await b.page("/study/matched").1
            #expect(partnerSide.contains("상대방이 만났어요를 눌렀어요 · 후기를 남겨주세요"))
            #expect(partnerSide.contains(#"id="review-form""#) && partnerSide.contains(#"id="chat-closed""#) && !partnerSide.contains(#"id="chat-form""#))
            #expect(!partnerSide.contains(#"id="met""#), "the study is over: no second ending")
            #expect(try await b.post("/study/chat", ["otheruid": aUID, "chat": "또 봐요"]).2 == "/study/matched?notice=study-over")
            #expect(try await b.page("/study/dodge?otheruid=\(aUID)").1.contains("패널티는 없어요"))

            // The one who ended it: once, however often the form is sent.
            #expect(try await a.post("/study/review", ["otheruid": bUID, "choice0": "1", "comment": "친절해요"]).2 == "/study")
            #expect(try await a.post("/study/review", ["otheruid": bUID, "choice0": "1", "comment": "친절해요"]).2 == "/study")
            #expect(try await a.web.get("/study/ended").headers.first(name: .location) == "/study")
            let bProfile = try #require(try await StudyProfile.find(bUID, on: sprout.app.db))
            #expect(bProfile.reputation.prefix(6) == [1, 0, 0, 0, 0, 0] && bProfile.comments == ["친절해요"])

            // The other side: once too, and its review ends its side of the study.
            #expect(try await b.post("/study/review", ["otheruid": aUID, "choice2": "1"]).2 == "/study")
            #expect(try await b.post("/study/review", ["otheruid": aUID, "choice2": "1"]).2 == "/study")
            #expect(try await b.web.get("/study/matched").headers.first(name: .location) == "/study")
            let aProfile = try #require(try await StudyProfile.find(aUID, on: sprout.app.db))
            #expect(aProfile.reputation.prefix(6) == [0, 0, 1, 0, 0, 0] && aProfile.comments.isEmpty)
            #expect(aProfile.reviewedBefore == [bUID] && bProfile.reviewedBefore == [aUID])
        }
    }

    @Test func endingWithoutMeetingCarriesThePenaltyAndStillLeavesAReview() async throws {
        try await withSprout { sprout in
            let (a, aUID, b, bUID) = try await matchedOnTheWeb(sprout, phones: ("01030000071", "01030000072"))
            #expect(try await a.page("/study/dodge?otheruid=\(bUID)").1.contains("패널티로 1분 동안"))
            #expect(try await a.post("/study/dodge", ["otheruid": bUID, "confirm": "yes"]).2 == "/study/ended")
            #expect(try await a.page("/study/ended").1.contains("새우깡님과의 스터디를 마쳤어요"))
            #expect(try await a.post("/study/queue", [:]).2 == "/study/input?notice=penalty-1")
            #expect(try await b.page("/study/matched").1.contains("상대방이 스터디를 종료했어요"))
            // The partner ends their side without a review, for free, and is asked for it after.
            #expect(try await b.post("/study/dodge", ["otheruid": aUID, "confirm": "yes"]).2 == "/study/ended")
            #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
            #expect(try await b.post("/study/review", ["otheruid": aUID, "choice5": "1"]).2 == "/study")
            #expect(try await a.post("/study/review", ["otheruid": bUID, "choice3": "1"]).2 == "/study")
            let aProfile = try #require(try await StudyProfile.find(aUID, on: sprout.app.db))
            let bProfile = try #require(try await StudyProfile.find(bUID, on: sprout.app.db))
            #expect(aProfile.reputation.prefix(6) == [0, 0, 0, 0, 0, 1] && bProfile.reputation.prefix(6) == [0, 0, 0, 1, 0, 0])
        }
    }

    @Test func aRequestSaysItWasSentAndOnlyItsSenderTakesItBack() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000081", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01030000082", nick: "새우깡")
            // Signed up but not waiting: a stranger to the request.
            let c = try await sprout.studyBrowser(phone: "01030000083", nick: "꼬북칩")
            for person in [a, b] { #expect(try await person.post("/study/queue", [:]).2 == "/study/results") }
            let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            let bUID = try #require(try await a.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })

            #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
            let sent = try await a.page("/study/results").1
            #expect(sent.contains("✓ 요청 보냄") && sent.contains(#"class="request-withdraw secondary""#))
            #expect(sent.contains(#"action="/study/request/withdraw""#))
            let received = try await b.page("/study/results?tab=received").1
            #expect(received.contains("고래밥") && received.contains(#"class="accept-button""#) && !received.contains("accept-button danger"),
                    "accepting is the page's main action, not a warning")

            // Nobody else can take it back: not the one asked, not a third person.
            #expect(try await b.post("/study/request/withdraw", ["otheruid": aUID]).2 == "/study/results")
            #expect(try await c.post("/study/request/withdraw", ["otheruid": bUID]).2 == "/study/results")
            #expect(try await c.post("/study/request/withdraw", ["otheruid": aUID]).2 == "/study/results")
            #expect(try await b.page("/study/results?tab=received").1.contains("고래밥"))

            #expect(try await a.post("/study/request/withdraw", ["otheruid": bUID]).2 == "/study/results?notice=request-withdrawn")
            #expect(try await a.page("/study/results?notice=request-withdrawn").1.contains("요청을 취소했어요"))
            #expect(!(try await a.page("/study/results").1.contains("요청 보냄")))
            #expect(try await b.page("/study/results?tab=received").1.contains(#"id="empty-results""#))
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/results?tab=received&notice=other-stopped",
                    "a request taken back cannot be accepted")
            #expect(try await a.post("/study/request/withdraw", ["otheruid": bUID]).2 == "/study/results", "twice changes nothing")
        }
    }

    @Test func aCardShowsOnlyThePraiseEarnedEachWithItsCount() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000091", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01030000092", nick: "새우깡")
            for person in [a, b] { #expect(try await person.post("/study/queue", [:]).2 == "/study/results") }
            let fresh = try await a.page("/study/results").1
            #expect(fresh.contains("아직 받은 후기가 없어요") && !fresh.contains(#"class="lit""#) && !fresh.contains("좋은 매너"))
            b.web.language = "en"
            #expect(try await b.page("/study/results").1.contains("No reviews yet"))

            let bUID = try #require(fresh.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            let profile = try #require(try await StudyProfile.find(bUID, on: sprout.app.db))
            profile.reputation = [2, 0, 0, 1, 0, 0, 0, 0, 0]
            profile.comments = ["처음", "시간 약속을 잘 지켜요"]
            try await profile.save(on: sprout.app.db)
            let praised = try await a.page("/study/results").1
            #expect(praised.contains(#"좋은 매너 <strong class="study-title-count">2<span class="visually-hidden">회</span></strong>"#))
            #expect(praised.contains(#"친절한 성격 <strong class="study-title-count">1"#))
            #expect(!praised.contains("빠른 응답") && !praised.contains("아직 받은 후기가 없어요") && praised.contains("시간 약속을 잘 지켜요"))
            a.web.language = "en"
            #expect(try await a.page("/study/results").1.contains(#"Good manners <strong class="study-title-count">2<span class="visually-hidden"> times</span>"#))
        }
    }
}
