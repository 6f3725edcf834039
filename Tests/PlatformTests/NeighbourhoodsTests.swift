import Foundation
import Platform
import Testing

/// Korea's 읍·면·동, the place list every app's 동네 is chosen from: found as people type them,
/// and the ones around each by the distance between centres.
@Suite struct NeighbourhoodsTests {
    static let header = "code,province,district,dong,latitude,longitude"

    func names(_ places: [Neighbourhoods.Place]) -> [String] { places.map(\.name) }

    @Test func theBundledListHasEveryDongWithItsCentreInKoreaAndTheDistrictsStayAsTheyWere() throws {
        let neighbourhoods = try Neighbourhoods()
        #expect(neighbourhoods.places.count > 3_400)
        #expect(Set(neighbourhoods.places.map(\.code)).count == neighbourhoods.places.count)
        #expect(neighbourhoods.places.allSatisfy { (33...39).contains($0.lat) && (124...132).contains($0.long) && !$0.name.isEmpty })
        #expect(neighbourhoods.places.allSatisfy { $0.point.lat == $0.lat && $0.point.long == $0.long })
        let districts = try Districts()
        #expect(districts.places.count == 250)
        #expect(Set(districts.places.map(\.code)).isDisjoint(with: neighbourhoods.places.map(\.code)))
        let mangwon = try #require(neighbourhoods.place("1144069000"))
        #expect(mangwon.name == "망원제1동" && mangwon.district == "마포구" && mangwon.province == "서울특별시")
        #expect(mangwon.fullName == "서울 마포구 망원제1동")
        #expect(neighbourhoods.place("3611025000")?.fullName == "세종 조치원읍", "세종 is its own district, named once")
        #expect(neighbourhoods.place("1144000000") == nil, "a district is not a neighbourhood")
        #expect(neighbourhoods.place(nil) == nil && neighbourhoods.place("1144069000'") == nil)
    }

    @Test func aBrokenListIsRefusedSayingWhere() {
        for csv in [
            "code,province,district,latitude,longitude\n1,서울특별시,중구,37.5,127.0",
            "\(Self.header)\n1,서울특별시,중구,소공동,north,east",
            "\(Self.header)\n1,서울특별시,중구,소공동,91,127",
            "\(Self.header)\n1,서울특별시,중구,소공동,37.5",
            "\(Self.header)\n1,서울특별시,중구,소공동,37.5,127.0\n1,서울특별시,중구,회현동,37.5,127.0",
        ] {
            #expect(throws: (any Error).self, "\(csv)") { try Neighbourhoods(csv: csv) }
        }
        do {
            _ = try Neighbourhoods(csv: "\(Self.header)\n1,서울특별시,중구,소공동,37.5,127.0\n2,서울특별시,중구,회현동,north,127.0")
            Issue.record("a point that is not a number was taken")
        } catch {
            #expect(String(describing: error) == "places.csv line 3: latitude and longitude must be a point on Earth")
        }
    }

    @Test func aDongIsFoundAsPeopleTypeIt() throws {
        let neighbourhoods = try Neighbourhoods()
        #expect(names(neighbourhoods.search("망원1동", limit: 20)) == ["망원제1동"])
        #expect(names(neighbourhoods.search("망원제1동", limit: 20)) == ["망원제1동"])
        #expect(names(neighbourhoods.search(" 망원 1 동 ", limit: 20)) == ["망원제1동"], "spaces do not matter")
        #expect(names(neighbourhoods.search("망원동", limit: 20)) == ["망원제1동", "망원제2동"], "a numbered 동 by its name without the number")
        #expect(names(neighbourhoods.search("망원", limit: 20)) == ["망원제1동", "망원제2동"])
        #expect(names(neighbourhoods.search("합정", limit: 20)) == ["합정동"])
        #expect(neighbourhoods.search("마포구 합정동", limit: 20).map(\.fullName) == ["서울 마포구 합정동"])
        #expect(names(neighbourhoods.search("마포구합정", limit: 20)) == ["합정동"])
        #expect(neighbourhoods.search("서울 망원", limit: 20).map(\.district) == ["마포구", "마포구"])
        #expect(names(neighbourhoods.search("잠실", limit: 20)) == ["잠실본동", "잠실2동", "잠실3동", "잠실4동", "잠실6동", "잠실7동"])
        #expect(names(neighbourhoods.search("잠실동", limit: 20)) == ["잠실본동", "잠실2동", "잠실3동", "잠실4동", "잠실6동", "잠실7동"])
        #expect(names(neighbourhoods.search("잠실", limit: 2)) == ["잠실본동", "잠실2동"], "at most the limit")
    }

    @Test func theExactNameComesBeforeTheNamesItBeginsAndThoseBeforeTheNamesHoldingIt() throws {
        let neighbourhoods = try Neighbourhoods()
        let sinsa = neighbourhoods.search("신사동", limit: 20)
        #expect(sinsa.prefix(2).map(\.name) == ["신사동", "신사동"] && Set(sinsa.prefix(2).map(\.district)) == ["관악구", "강남구"])
        #expect(names(Array(sinsa.dropFirst(2))) == ["신사제1동", "신사제2동"])
        let narrowed = neighbourhoods.search("강남구 신사", limit: 20)
        #expect(narrowed.map(\.code) == ["1168051000"], "the district narrows")
        let songjeong = names(neighbourhoods.search("송정동", limit: 20))
        #expect(songjeong == Array(repeating: "송정동", count: 7) + ["송정1동", "송정2동", "봉명2.송정동"])
        let begun = names(neighbourhoods.search("송정", limit: 20))
        #expect(begun.count == 10 && begun.dropLast().allSatisfy { $0.hasPrefix("송정") } && begun.last == "봉명2.송정동")
    }

    @Test func nothingIsFoundForNothingOrNonsense() throws {
        let neighbourhoods = try Neighbourhoods()
        #expect(neighbourhoods.search("", limit: 20).isEmpty)
        #expect(neighbourhoods.search("   ", limit: 20).isEmpty)
        #expect(neighbourhoods.search("zzqx", limit: 20).isEmpty)
        #expect(neighbourhoods.search("쀍뷁", limit: 20).isEmpty)
        #expect(neighbourhoods.search("망원", limit: 0).isEmpty)
    }

    @Test func theDistanceBetweenTwoDongsIsBetweenTheirCentres() throws {
        let neighbourhoods = try Neighbourhoods()
        let hapjeong = try #require(neighbourhoods.place("1144068000"))
        let mangwon1 = try #require(neighbourhoods.place("1144069000"))
        // 635 m along the great circle between the table's two centres.
        #expect(abs(Neighbourhoods.distance(hapjeong, mangwon1) - 635) < 10)
        #expect(Neighbourhoods.distance(hapjeong, mangwon1) == Neighbourhoods.distance(mangwon1, hapjeong))
        #expect(Neighbourhoods.distance(hapjeong, hapjeong) == 0)
    }

    @Test func aroundListsThePlaceFirstThenTheOthersNearestFirstWithinTheRadius() throws {
        let neighbourhoods = try Neighbourhoods()
        let hapjeong = try #require(neighbourhoods.place("1144068000"))
        let mangwon1 = try #require(neighbourhoods.place("1144069000"))
        let edge = Neighbourhoods.distance(hapjeong, mangwon1)

        let near = neighbourhoods.around(hapjeong, within: 1_500)
        #expect(near.map { $0.place.name } == ["합정동", "망원제1동", "망원제2동", "서교동"])
        #expect(near.first?.distance == 0)
        #expect(zip(near, near.dropFirst()).allSatisfy { $0.distance <= $1.distance })
        #expect(near.allSatisfy { $0.distance <= 1_500 && $0.distance == Neighbourhoods.distance(hapjeong, $0.place) })

        #expect(neighbourhoods.around(hapjeong, within: edge).map { $0.place.name } == ["합정동", "망원제1동"], "the radius is inclusive")
        #expect(neighbourhoods.around(hapjeong, within: edge - 0.01).map { $0.place.name } == ["합정동"])
        #expect(neighbourhoods.around(hapjeong, within: 0).map { $0.place.name } == ["합정동"])
        #expect(neighbourhoods.around(hapjeong, within: 1_500).map { $0.place.name } == near.map { $0.place.name }, "asked again, the same")

        let wide = neighbourhoods.around(hapjeong, within: 20_000)
        #expect(wide.contains { $0.place.name == "잠실본동" } && wide.count > 100)
        #expect(zip(wide, wide.dropFirst()).allSatisfy { $0.distance <= $1.distance })
    }
}
