import Foundation
import Platform
@testable import Study
import SproutTestSupport
import Testing

/// Centring the search on a place found by name, a 동 or a 시/군/구 named with its province, or on
/// the browser's position; latitude and longitude only behind a disclosure.
@Suite struct StudyNeighbourhoodTests {
    @Test func choosingADistrictOrADongCentresTheSearchThereAndAPointStillWins() async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyBrowser(phone: "01030000061", nick: "동네사람")
            let home = try await me.page("/study").1
            #expect(home.contains(#"id="place-search-form""#) && home.contains(#"id="use-my-location""#))
            #expect(!home.contains("<select"), "no 250-entry list to scroll")
            #expect(home.contains(#"<details id="location-manual""#), "latitude and longitude are folded away")
            #expect(home.contains("<strong>서울 영등포구 양평제1동</strong> 주변을 보고 있어요"), "the campus, in words")

            let jongno = try await me.page("/study?place=1111000000").1
            #expect(jongno.contains(#"value="37.570378""#) && jongno.contains(#"value="126.981642""#), "the district's centre")
            #expect(jongno.contains("<strong>서울 종로구 종로1.2.3.4가동</strong>"))
            let mangwon = try await me.page("/study?dong=1144069000").1
            #expect(mangwon.contains(#"value="37.552433""#) && mangwon.contains("<strong>서울 마포구 망원제1동</strong>"))
            let typed = try await me.page("/study?dong=1144069000&place=1111000000&lat=35.1&long=129.0").1
            #expect(typed.contains(#"value="35.100000""#), "the browser's position wins over a name")
            #expect(typed.contains("<strong>부산 사하구 괴정제3동</strong>"))
            let unknown = try await me.page("/study?place=%27%3Bdrop&dong=1144000000").1
            #expect(unknown.contains(#"value="35.100000""#), "an unknown code changes nothing: the last point stays")
            let sea = try await me.page("/study?lat=30.0&long=125.0").1
            #expect(sea.contains("고른 지점 주변을 보고 있어요"), "no 동 is named out at sea")
            #expect(try await me.page("/study/input").1.contains("고른 지점"), "the study input says where it waits")
            _ = try await me.page("/study?dong=1144069000")
            #expect(try await me.page("/study/input").1.contains("<strong>서울 마포구 망원제1동</strong> 주변에서 기다려요"))
        }
    }

    @Test func aSearchListsEachJungguByItsProvinceAndLinksToIt() async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyBrowser(phone: "01030000062", nick: "중구사람")
            let html = try await me.page("/study?q=%EC%A4%91%EA%B5%AC&gender=woman").1
            let names = html.matches(of: /<span class="place-name">([^<]+)<\/span>/).map { String($0.1) }
            #expect(Array(names.prefix(6)) == ["서울 중구", "부산 중구", "대구 중구", "인천 중구", "대전 중구", "울산 중구"])
            #expect(names.filter { $0 == "서울 중구" }.count == 1 && names.filter { $0 == "부산 중구" }.count == 1)
            #expect(names.count == StudyPlaces.searchLimit && names.dropFirst(6).first == "경북 안동시 중구동", "then the 동 that answer")
            #expect(html.contains(#"href="/study?place=2611000000&amp;gender=woman""#), "a district keeps the filter")
            #expect(html.contains("12곳을 찾았어요") && html.contains(#"value="중구""#))
            let busan = try await me.page("/study?place=2611000000").1
            #expect(busan.contains("<strong>부산 중구 대청동</strong>"))

            let none = try await me.page("/study?q=%3Cb%3Exyz").1
            #expect(none.contains("‘&lt;b&gt;xyz’(으)로 찾은 곳이 없어요") && !none.contains("<b>xyz"))

            let json = try await me.web.get("/study/places.json?q=%EB%A7%9D%EC%9B%90")
            #expect(json.headers.first(name: .cacheControl) == "no-store")
            let list = try json.decode(PlaceList.self)
            #expect(list.places.map(\.label) == ["서울 마포구 망원제1동", "서울 마포구 망원제2동"])
            #expect(list.places.first?.href == "/study?dong=1144069000&gender=all" && list.places.first?.kind == "읍·면·동")
            #expect(list.status == "2곳을 찾았어요.")
            #expect(try await me.web.get("/study/places.json?q=").decode(PlaceList.self) == PlaceList(places: [], status: ""))
        }
    }

    struct PlaceList: Decodable, Equatable {
        struct Entry: Decodable, Equatable {
            let code: String
            let label: String
            let kind: String
            let href: String
        }

        let places: [Entry]
        let status: String
    }
}
