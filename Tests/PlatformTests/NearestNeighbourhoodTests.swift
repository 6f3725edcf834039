import Foundation
import Platform
import Testing

/// The 동 a point is in, as the nearest centre in the place list, found without measuring all
/// 3,500 of them; and the 시/군/구 found by what people call them.
@Suite struct NearestNeighbourhoodTests {
    static let header = "code,province,district,dong,latitude,longitude"

    @Test func theNearestCentreIsTheOneMeasuringEveryCentreWouldFind() throws {
        let neighbourhoods = try Neighbourhoods()
        // A grid over Korea and the sea around it, and points just off some centres.
        var points: [GeoPoint] = []
        for lat in stride(from: 33.0, through: 38.6, by: 0.23) {
            for long in stride(from: 124.6, through: 131.0, by: 0.29) {
                if let point = GeoPoint(lat: lat, long: long) { points.append(point) }
            }
        }
        for place in neighbourhoods.places.enumerated().filter({ $0.offset % 97 == 0 }).map(\.element) {
            if let point = GeoPoint(lat: place.lat + 0.0007, long: place.long - 0.0011) { points.append(point) }
        }
        for point in points {
            let measured = neighbourhoods.places.map { (place: $0, distance: point.distance(to: $0.point)) }.min { $0.distance < $1.distance }
            let found = neighbourhoods.nearest(to: point)
            #expect(found?.place == measured?.place && found?.distance == measured?.distance, "\(point)")
            let near = neighbourhoods.nearest(to: point, within: 5_000)
            #expect(near?.place == ((measured?.distance ?? .infinity) <= 5_000 ? measured?.place : nil), "\(point) within 5 km")
        }
    }

    @Test func aTieGoesToTheFirstInTheListAndAnEmptyListHasNone() throws {
        let csv = "\(Self.header)\n1,서울특별시,중구,먼동,38.5,127.0\n2,서울특별시,중구,첫동,37.5,127.002\n3,서울특별시,중구,둘째동,37.5,127.002"
        let neighbourhoods = try Neighbourhoods(csv: csv)
        let beside = try #require(GeoPoint(lat: 37.5, long: 127.0))
        #expect(neighbourhoods.nearest(to: beside)?.place.name == "첫동")
        #expect(neighbourhoods.nearest(to: beside, within: 100)?.place.name == nil, "176 m away is not within 100 m")
        let empty = try Neighbourhoods(csv: Self.header)
        #expect(empty.nearest(to: beside) == nil)
    }

    @Test func aDistrictIsFoundByWhatPeopleCallIt() throws {
        let districts = try Districts()
        func names(_ typed: String, limit: Int = 20) -> [String] { districts.search(typed, limit: limit).map(\.name) }
        #expect(names("중구") == ["서울 중구", "부산 중구", "대구 중구", "인천 중구", "대전 중구", "울산 중구"])
        #expect(names("부산 중구") == ["부산 중구"] && names(" 부산중구 ") == ["부산 중구"] && names("부산광역시 중구") == ["부산 중구"])
        #expect(names("동구", limit: 6) == ["부산 동구", "대구 동구", "인천 동구", "광주 동구", "대전 동구", "울산 동구"])
        #expect(names("동구").contains("서울 강동구"), "a name holding it comes after")
        #expect(names("장안") == ["경기 수원시 장안구"] && names("수원시 장안구") == ["경기 수원시 장안구"])
        #expect(names("세종") == ["세종"])
        #expect(names("").isEmpty && names("중구", limit: 0).isEmpty && names("망원동").isEmpty)
    }
}
