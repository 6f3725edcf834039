import Foundation
import Platform
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor

/// What SeSAC Study gives the operator console: each report the study keeps lands once in the
/// console's queue, and a reported person is shown as a partner sees them on a card.
@Suite struct StudyModerationTests {
    @Test func aReportThroughTheContractLandsInTheConsoleQueueOnce() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            let desk = ReportDesk(clock: sprout.platform.clock)
            #expect(try await sprout.study(.POST, "v1/user/report", b, form: [("otheruid", "nobody"), ("reportedReputation", "1")]).status.code == 202)
            #expect(try await desk.cases(on: sprout.app.db).isEmpty, "a report the study refuses reaches no one")

            let abuse: [(String, String)] = [("otheruid", a.accountID)] + ["0", "1", "0", "0", "1", "0"].map { ("reportedReputation", $0) } + [("comment", "  욕을 했어요  ")]
            #expect(try await sprout.study(.POST, "v1/user/report", b, form: abuse).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/user/report", b, form: abuse).status.code == 201, "the contract's answer is unchanged")
            var cases = try await desk.cases(on: sprout.app.db)
            #expect(cases.count == 1)
            let filed = try #require(cases.first)
            #expect(filed.app == "study" && filed.subject == a.accountID && filed.path == "/study")
            #expect(filed.reasons == [.abusive: 1] && filed.notes == ["욕을 했어요"], "reported twice, counted once")

            let stranger = try await sprout.studyPerson("+821011110003", nick: "지나가던")
            let lewd: [(String, String)] = [("otheruid", a.accountID)] + ["0", "0", "1", "1", "0", "0"].map { ("reportedReputation", $0) }
            #expect(try await sprout.study(.POST, "v1/user/report", stranger, form: lewd).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/user/report", a, form: [("otheruid", b.accountID)]).status.code == 200)
            cases = try await desk.cases(on: sprout.app.db)
            #expect(cases.count == 2)
            let aboutA = try #require(cases.first(where: { $0.subject == a.accountID }))
            let aboutB = try #require(cases.first(where: { $0.subject == b.accountID }))
            #expect(aboutA.reasons == [.abusive: 1, .prohibited: 1], "a stranger's report is kept for the operator too")
            #expect(aboutB.reasons == [.other: 1] && aboutB.notes.isEmpty, "no reason ticked, no comment")
        }
    }

    @Test func aReportThroughTheWebLandsInTheConsoleQueueOnce() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000041", nick: "고래밥")
            let b = try await sprout.studyBrowser(phone: "01030000042", nick: "새우깡")
            #expect(try await a.post("/study/queue", [:]).2 == "/study/results")
            _ = try await b.page("/study?lat=37.520519&long=126.886145")
            #expect(try await b.post("/study/queue", [:]).2 == "/study/results")
            let bUID = try #require(try await a.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            let aUID = try #require(try await b.page("/study/results").1.firstMatch(of: /data-uid="([^"]+)"/).map { String($0.1) })
            #expect(try await a.post("/study/request", ["otheruid": bUID]).2 == "/study/results?notice=requested")
            #expect(try await b.post("/study/accept", ["otheruid": aUID]).2 == "/study/matched")
            let desk = ReportDesk(clock: sprout.platform.clock)

            let tooLong = String(repeating: "가", count: StudyReviews.commentLength + 1)
            #expect(try await b.post("/study/report", ["otheruid": aUID, "choice0": "1", "comment": tooLong]).2 == "/study/matched?notice=review-too-long")
            #expect(try await b.post("/study/report", ["otheruid": "nobody", "choice0": "1"]).0 == 404)
            #expect(try await desk.cases(on: sprout.app.db).isEmpty, "refused reports reach no one")

            #expect(try await b.post("/study/report", ["otheruid": aUID, "choice0": "1", "comment": "가짜 프로필 같아요"]).2 == "/study/matched?notice=partner-reported")
            #expect(try await b.post("/study/report", ["otheruid": aUID, "choice3": "1"]).2 == "/study/matched?notice=already-reported")
            let cases = try await desk.cases(on: sprout.app.db)
            #expect(cases.count == 1)
            let filed = try #require(cases.first)
            #expect(filed.app == "study" && filed.subject == aUID && filed.path == "/study")
            #expect(filed.reasons == [.fraud: 1] && filed.notes == ["가짜 프로필 같아요"], "the first report stands")
        }
    }

    @Test func theGravestReasonTickedStandsForTheReport() {
        #expect(StudyReportDesk.reason([]) == .other)
        #expect(StudyReportDesk.reason([0, 0, 0, 0, 0, 0]) == .other)
        #expect(StudyReportDesk.reason([1]) == .fraud)
        #expect(StudyReportDesk.reason([0, 1]) == .abusive)
        #expect(StudyReportDesk.reason([0, 0, 1]) == .other)
        #expect(StudyReportDesk.reason([0, 0, 0, 1]) == .prohibited)
        #expect(StudyReportDesk.reason([0, 0, 0, 0, 1]) == .abusive)
        #expect(StudyReportDesk.reason([0, 0, 0, 0, 0, 1]) == .other)
        #expect(StudyReportDesk.reason([1, 0, 1, 0, 1, 1]) == .abusive)
        #expect(StudyReportDesk.reason([1, 1, 1, 1, 1, 1]) == .prohibited)
        #expect(StudyReportDesk.reason([0, 0, 0, 0, 0, 0, 1, 1, 1]) == .other, "slots no screen names")
    }

    @Test func aReportedPersonIsShownAsAPartnerSeesThem() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            let review: [(String, String)] = ["1", "0", "1"].map { ("reputation", $0) } + [("comment", "시간 약속을 잘 지켜요")]
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(a.accountID)", b, form: review).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(b.accountID)", a).status.code == 200)
            let myPage = [("searchable", "1"), ("ageMin", "18"), ("ageMax", "65"), ("gender", "1"), ("study", "알고리즘")]
            #expect(try await sprout.study(.PUT, "v1/user/mypage", a, form: myPage).status.code == 200)
            #expect(try await sprout.enterQueue(a, tags: ["swift", "코테"]) == 200)

            let content = try #require(sprout.platform.moderatedContent.offered(by: "study"))
            #expect(content is StudyModeration, "the module offers it")
            let thing = try #require(try await content.reported(a.accountID, reportedAt: Date(), on: sprout.app.db))
            #expect(thing.item == ModeratedItem(kind: "profile", id: a.accountID))
            #expect(thing.kindName == .init(ko: "스터디 프로필", en: "Study profile"))
            #expect(thing.title == "고래밥" && thing.ownerID == a.accountID && thing.link == "/study")
            #expect(thing.photos.isEmpty && thing.hidden == nil && thing.parts.isEmpty)
            #expect(thing.body.contains("남자") && thing.body.contains("알고리즘") && thing.body.contains("swift, 코테"))
            #expect(thing.body.contains("좋은 매너 (good manners) 1") && thing.body.contains("빠른 응답 (quick replies) 1"))
            #expect(!thing.body.contains("정확한 시간 약속"), "only titles someone gave")
            #expect(thing.body.contains("- 시간 약속을 잘 지켜요"))
            #expect(try await content.setHidden(true, thing.item, on: sprout.app.db) == nil, "a profile has nothing to hide")

            let fresh = try #require(try await content.reported(b.accountID, reportedAt: Date(), on: sprout.app.db))
            #expect(fresh.title == "새우깡" && fresh.body.contains("아직 받은 후기가 없어요") && !fresh.body.contains("하고 싶은 스터디"),
                    "no reviews yet, and not waiting")
        }
    }

    @Test func unknownAndHostileIDsShowNothing() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            let content = StudyModeration()
            for id in ["", "nobody", "' OR '1'='1", "../../etc/passwd", a.accountID + "\u{0}", a.uid, String(repeating: "a", count: 10_000)] {
                #expect(try await content.reported(id, reportedAt: Date(), on: sprout.app.db) == nil, "\(id.prefix(40))")
            }
            #expect(try await sprout.study(.POST, "v1/user/withdraw", b).status.code == 200)
            #expect(try await content.reported(b.accountID, reportedAt: Date(), on: sprout.app.db) == nil, "gone once they withdraw")
        }
    }
}
