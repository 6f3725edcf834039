import Foundation
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor

/// The chat on the matched page: the conversation both ways, sending through the form, refusals
/// shown as notices, markup in a message shown as text.
@Suite struct StudyChatPagesTests {
    @Test func matchedPeopleChatOnTheMatchedPage() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000011", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01030000012", nick: "새우깡")
            #expect(try await a.post("/study/queue", [:]).2 == "/study/results")
            _ = try await b.page("/study?lat=37.520519&long=126.886145")
            #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
            let bUID = try #require(try await a.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/matched")

            let empty = try await a.page("/study/matched").1
            #expect(empty.contains(#"id="chat-form""#) && empty.contains("첫 메시지를 보내 보세요"))
            #expect(empty.contains(#"data-uid="\#(aUID)""#), "the page knows whom its socket is for")
            #expect(try await a.post("/study/chat", ["otheruid": bUID, "chat": "<b>안녕</b> 하세요"]).2 == "/study/matched#chat-form")
            #expect(try await b.post("/study/chat", ["otheruid": aUID, "chat": "반가워요"]).2 == "/study/matched#chat-form")
            let conversation = try await b.page("/study/matched").1
            #expect(conversation.contains(#"<div class="chat-bubble theirs""#) && conversation.contains(#"<div class="chat-bubble mine""#))
            #expect(conversation.contains("&lt;b&gt;안녕&lt;/b&gt; 하세요") && !conversation.contains("<b>안녕</b>"))
            let first = try #require(conversation.range(of: "안녕")), second = try #require(conversation.range(of: "반가워요"))
            #expect(first.lowerBound < second.lowerBound, "oldest first")

            #expect(try await a.post("/study/chat", ["otheruid": bUID, "chat": "   "]).2 == "/study/matched?notice=chat-invalid")
            #expect(try await a.post("/study/chat", ["otheruid": "someone-else", "chat": "안녕"]).2 == "/study/matched?notice=study-over")
            #expect(try await b.post("/study/dodge", ["otheruid": aUID, "confirm": "yes"]).2 == "/study/ended", "ending leaves a review to give")
            let ended = try await a.page("/study/matched").1
            #expect(ended.contains("상대방이 스터디를 종료했어요") && !ended.contains(#"id="chat-form""#) && ended.contains("반가워요"))
            #expect(ended.contains(#"id="chat-closed""#) && ended.contains(#"id="review-form""#))
            #expect(try await a.post("/study/chat", ["otheruid": bUID, "chat": "잘 가요"]).2 == "/study/matched?notice=study-over")
        }
    }

    @Test func aReviewComesOnceTheStudyEndsAndLightsTheChosenTitles() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000021", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01030000022", nick: "새우깡")
            #expect(try await a.post("/study/queue", [:]).2 == "/study/results")
            _ = try await b.page("/study?lat=37.520519&long=126.886145")
            #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
            let bUID = try #require(try await a.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/matched")
            let justMatched = try await b.page("/study/matched").1
            #expect(justMatched.contains(#"id="met-later""#) && justMatched.contains(#"<div id="met-box" hidden"#), "no meeting before anyone wrote")
            #expect(!justMatched.contains(#"id="review-form""#), "no review while the study goes on")
            _ = try await a.post("/study/chat", ["otheruid": bUID, "chat": "내일 3시 어때요?"])
            #expect(try await b.page("/study/matched").1.contains(#"id="met-later""#), "one side alone has not agreed anything")
            _ = try await b.post("/study/chat", ["otheruid": aUID, "chat": "좋아요"])
            let studied = try await b.page("/study/matched").1
            #expect(studied.contains(#"<div id="met-box">"#) && !studied.contains(#"id="met-later""#) && !studied.contains(#"id="review-form""#))
            #expect(studied.contains(#"id="chat-form""#), "the chat goes on after one message each")
            #expect(try await b.post("/study/review", ["otheruid": aUID, "choice1": "1"]).2 == "/study/matched?notice=review-after-ending",
                    "a review would end the study, so it waits for the end")

            #expect(try await b.post("/study/met", ["otheruid": aUID, "confirm": "yes"]).2 == "/study/ended")
            #expect(try await b.page("/study/ended").1.contains(#"id="review-form""#))
            let tooLong = String(repeating: "가", count: StudyReviews.commentLength + 1)
            #expect(try await b.post("/study/review", ["otheruid": aUID, "choice1": "1", "comment": tooLong]).2 == "/study/ended?notice=review-too-long")
            #expect(try await b.post("/study/review", ["otheruid": "someone-else", "choice1": "1"]).0 == 404)
            #expect(try await b.post("/study/review", ["otheruid": aUID, "choice1": "1", "choice4": "1", "choice9": "1", "comment": "시간 약속을 잘 지켜요"]).2 == "/study")
            let reviewed = try #require(try await StudyProfile.find(aUID, on: sprout.app.db))
            #expect(reviewed.reputation.prefix(6) == [0, 1, 0, 0, 1, 0] && reviewed.comments == ["시간 약속을 잘 지켜요"])
            #expect(try await a.page("/study/matched").1.contains("상대방이 만났어요를 눌렀어요"))
            #expect(try await b.web.get("/study/matched").headers.first(name: .location) == "/study", "my side of the study is over, and reviewed")
        }
    }

    @Test func aReportIsReceivedOnceAndTheStudyGoesOn() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000031", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01030000032", nick: "새우깡")
            #expect(try await a.post("/study/queue", [:]).2 == "/study/results")
            _ = try await b.page("/study?lat=37.520519&long=126.886145")
            #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
            let bUID = try #require(try await a.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/matched")
            #expect(try await b.page("/study/matched").1.contains(#"id="report-form""#))

            let tooLong = String(repeating: "가", count: StudyReviews.commentLength + 1)
            #expect(try await b.post("/study/report", ["otheruid": aUID, "choice2": "1", "comment": tooLong]).2 == "/study/matched?notice=review-too-long")
            #expect(try await StudyReport.query(on: sprout.app.db).count() == 0, "a refused report changes nothing")
            #expect(try await b.post("/study/report", ["otheruid": "nobody"]).0 == 404)
            #expect(try await b.post("/study/report", ["otheruid": aUID, "choice2": "1", "comment": "약속에 안 왔어요"]).2 == "/study/matched?notice=partner-reported")
            #expect(try await b.post("/study/report", ["otheruid": aUID, "choice0": "1"]).2 == "/study/matched?notice=already-reported")
            let reported = try #require(try await StudyProfile.find(aUID, on: sprout.app.db))
            #expect(reported.reportedNum == 1 && reported.reportedUsers == [bUID])
            let report = try #require(try await StudyReport.query(on: sprout.app.db).first())
            #expect(report.reasons == [0, 0, 1, 0, 0, 0] && report.comment == "약속에 안 왔어요")
            #expect(try await b.page("/study/matched?notice=partner-reported").1.contains("신고가 접수되었어요"), "the study goes on")
        }
    }

    func chats(_ browser: StudyBrowser, _ path: String) async throws -> [Study.Chat] {
        let body: String = try await browser.page(path).1
        return try JSONDecoder().decode([Study.Chat].self, from: Data(body.utf8))
    }

    @Test func thePageCatchesUpOnWhatArrivedWhileItsSocketWasDown() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000041", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01030000042", nick: "새우깡")
            let unmatched: String = try await a.page("/study/chat.json").1
            #expect(unmatched == "[]", "not matched: nothing")
            #expect(try await a.post("/study/queue", [:]).2 == "/study/results")
            _ = try await b.page("/study?lat=37.520519&long=126.886145")
            #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
            let bUID = try #require(try await a.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/matched")

            #expect(try await a.post("/study/chat", ["otheruid": bUID, "chat": "처음"]).2 == "/study/matched#chat-form")
            let shown = try await chats(b, "/study/chat.json")
            let newest = try #require(shown.last?.createdAt)
            sprout.clock.advance(by: 1)
            #expect(try await a.post("/study/chat", ["otheruid": bUID, "chat": "자리 비운 사이"]).2 == "/study/matched#chat-form")
            let missed = try await chats(b, "/study/chat.json?after=\(newest)")
            #expect(missed.map(\.chat) == ["처음", "자리 비운 사이"], "the newest shown millisecond is read again; the script draws each id once")
            #expect(try await b.page("/study/chat.json?after=yesterday").0 == 400)
        }
    }
}
