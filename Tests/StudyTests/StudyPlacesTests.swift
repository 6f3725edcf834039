import Foundation
import Platform
import SproutAPI
@testable import Study
import Testing

/// Where the study looks, in words: places found by name with each 시/군/구 named by its
/// province, and each person found named by distance and nearest 동.
@Suite struct StudyPlacesTests {
    let places: StudyPlaces

    init() throws {
        places = StudyPlaces(neighbourhoods: try Neighbourhoods(), districts: try Districts())
    }

    @Test func everyDistrictsLabelSaysItsProvinceSoNoTwoReadAlike() {
        let labels = places.districts.places.map(\.name)
        #expect(Set(labels).count == 250, "250 districts, 250 labels")
        for (name, provinces) in [("중구", 6), ("동구", 6), ("서구", 5), ("남구", 4), ("북구", 4), ("고성군", 2), ("강서구", 2)] {
            let named = places.districts.places.filter { $0.district == name }.map(\.name)
            #expect(named.count == provinces && Set(named).count == provinces, "\(name): \(named)")
        }
        #expect(places.districts.place("1114000000")?.name == "서울 중구" && places.districts.place("2611000000")?.name == "부산 중구")
        #expect(places.districts.place("3611000000")?.name == "세종", "세종특별자치시 is its own district, named once")
        #expect(places.districts.place("4111100000")?.name == "경기 수원시 장안구")
    }

    @Test func aSearchFindsDistrictsByTheirNamesThenDongs() {
        func labels(_ typed: String) -> [String] { places.find(typed).map(\.label) }
        #expect(Array(labels("중구").prefix(6)) == ["서울 중구", "부산 중구", "대구 중구", "인천 중구", "대전 중구", "울산 중구"])
        #expect(labels("부산 중구").first == "부산 중구" && labels("부산중구").first == "부산 중구")
        #expect(labels("부산 중구").dropFirst().allSatisfy { $0.hasPrefix("부산 중구 ") }, "then Busan 중구's 동")
        #expect(Array(labels("고성").prefix(2)) == ["강원 고성군", "경남 고성군"])
        #expect(Array(labels("수원").prefix(4)) == ["경기 수원시 장안구", "경기 수원시 권선구", "경기 수원시 팔달구", "경기 수원시 영통구"])
        #expect(labels("장안구").first == "경기 수원시 장안구")
        #expect(labels("세종").first == "세종")
        #expect(labels("망원1동") == ["서울 마포구 망원제1동"], "a 동 as people type it")
        #expect(labels("마포구 합정").first == "서울 마포구 합정동")
        #expect(labels("").isEmpty && labels("   ").isEmpty && labels("xyz").isEmpty)
        #expect(labels("서울").count == StudyPlaces.searchLimit && labels("서울").prefix(StudyPlaces.districtLimit).allSatisfy { $0.hasPrefix("서울 ") })
        #expect(labels(String(repeating: "중구", count: 500)).isEmpty, "a long query is cut to the list's length, and finds nothing")
        guard case let .district(busan)? = places.find("부산 중구").first else { Issue.record("a district first"); return }
        #expect(busan.code == "2611000000")
    }

    @Test func aPointIsInTheDongWhoseCentreIsNearest() throws {
        let point = try #require(GeoPoint(lat: 37.5560, long: 126.9050))
        #expect(places.dong(at: point)?.name == "망원제2동", "184 m from 망원제2동's centre, 440 m from 망원제1동's")
        let centre = try #require(places.neighbourhoods.place("1144069000"))
        #expect(places.dong(at: centre.point) == centre)
        let busan = try #require(GeoPoint(lat: 35.103217, long: 129.034508))
        #expect(places.dong(at: busan)?.fullName == "부산 중구 대청동")
        let sea = try #require(GeoPoint(lat: 30, long: 125)), paris = try #require(GeoPoint(lat: 48.8566, long: 2.3522))
        #expect(places.dong(at: sea) == nil, "out at sea no 동 is named")
        #expect(places.dong(at: paris) == nil, "nor in Paris")
    }

    @Test func aPersonFoundIsNamedByDistanceAndDongNeverByTheirPoint() throws {
        let mangwon1 = try #require(GeoPoint(lat: 37.552433, long: 126.907767))
        let there = person(lat: 37.557564, long: 126.904311)
        let whereabouts = try #require(places.whereabouts(of: there, from: mangwon1))
        #expect(whereabouts.text == "647m · 망원제2동")
        #expect(!whereabouts.text.contains("37.55"))
        let busan = try #require(places.whereabouts(of: person(lat: 35.103217, long: 129.034508), from: mangwon1))
        #expect(busan.text == "332.3km · 대청동")
        #expect(places.whereabouts(of: person(lat: 30, long: 125), from: mangwon1)?.text.hasSuffix("km") == true, "far at sea: the distance alone")
        #expect(places.whereabouts(of: person(lat: 91, long: 0), from: mangwon1) == nil)
    }

    @Test func aDistanceReadsInMetresThenKilometres() {
        let cases: [(Double, String)] = [
            (0, "0m"), (0.4, "0m"), (151.43, "151m"), (646.79, "647m"), (999.4, "999m"), (999.6, "1.0km"), (1_234, "1.2km"),
            (12_345, "12.3km"), (332_964.3, "333.0km"), (-5, "0m"),
        ]
        for (metres, text) in cases {
            #expect(DistanceText.text(metres: metres) == text, "\(metres)")
        }
    }

    private func person(lat: Double, long: Double) -> Study.QueueUser {
        Study.QueueUser(uid: "u", nick: "이웃", lat: lat, long: long, reputation: [], studylist: [], reviews: [], gender: 1, sesac: 0, background: 0)
    }
}
