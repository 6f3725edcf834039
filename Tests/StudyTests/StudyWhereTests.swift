import Foundation
import SproutTestSupport
@testable import Study
import Testing

/// The people found, on every page that lists them, with how far each is and in which 동: the
/// radar, the list under it and the result cards say the same, and none says where exactly.
@Suite struct StudyWhereTests {
    @Test func theRadarTheHomeListAndTheResultsShowEachPersonsDistanceAndDong() async throws {
        try await withSprout { sprout in
            let neighbour = try await sprout.studyPerson("+821030000071", nick: "이웃")
            #expect(try await sprout.enterQueue(neighbour, lat: 37.557564, long: 126.904311) == 200, "at 망원제2동's centre")
            let me = try await sprout.studyBrowser(phone: "01030000072", nick: "나")

            let home = try await me.page("/study?dong=1144069000").1
            #expect(home.contains("<title>이웃 · 647m · 망원제2동</title>"), "the radar's dot")
            #expect(home.contains(#"<strong class="nearby-nick">이웃</strong> <span class="whereabouts">647m · 망원제2동</span>"#), "the list under it")
            #expect(!home.contains("37.557564") && !home.contains("126.904311"), "without a map the page never holds their point")
            #expect(try await me.post("/study/queue", [:]).2 == "/study/results")
            let results = try await me.page("/study/results").1
            #expect(results.contains(#"<p class="study-where">"#) && results.contains(#"<span class="whereabouts">647m · 망원제2동</span>"#))
            #expect(!results.contains("37.557564"))

            // Where the browser says it is: 성산제1동's centre, 605 m from the neighbour.
            let located = try await me.page("/study?lat=37.560583&long=126.910022").1
            #expect(located.contains("<strong>서울 마포구 성산제1동</strong>"))
            #expect(located.contains(#"<span class="whereabouts">605m · 망원제2동</span>"#))
            #expect(try await me.page("/study/results").1.contains(#"<span class="whereabouts">605m · 망원제2동</span>"#), "the results follow")

            // A request from far away: the received tab says how far, in kilometres, and the 동.
            let myUID = try #require(home.firstMatch(of: /id="study-live"[^>]*data-uid="([^"]+)"/).map { String($0.1) })
            let asker = try await sprout.studyPerson("+821030000073", nick: "부산사람")
            #expect(try await sprout.enterQueue(asker, lat: 35.103217, long: 129.034508) == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", asker, form: [("otheruid", myUID)]).status.code == 200)
            let received = try await me.page("/study/results?tab=received").1
            #expect(received.contains("부산사람") && received.contains(#"<span class="whereabouts">333.0km · 대청동</span>"#))
        }
    }

    @Test func inEnglishThePlacesKeepTheirKoreanNames() async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyBrowser(phone: "01030000074", nick: "me")
            me.web.language = "en-US,en;q=0.9"
            let home = try await me.page("/study?q=%EC%A4%91%EA%B5%AC").1
            #expect(home.contains("Where to look") && home.contains("Looking around <strong>서울 영등포구 양평제1동</strong>."))
            #expect(home.contains(#"<span class="place-name">부산 중구</span> <span class="badge">City or district</span>"#))
            #expect(home.contains("Found 12 places."))
        }
    }
}
