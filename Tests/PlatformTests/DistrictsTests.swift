import Foundation
import Platform
import Testing

/// Korea's 시/군/구 list, which the study search centres on and in-person lessons take place in.
@Suite struct DistrictsTests {
    @Test func theBundledListHasEveryProvinceAndItsDistrictsWithPointsInKorea() throws {
        let neighbourhoods = try Districts()
        #expect(neighbourhoods.places.count == 250)
        #expect(neighbourhoods.byProvince.count == 17 && neighbourhoods.byProvince.first?.province == "서울특별시")
        #expect(neighbourhoods.byProvince.first?.places.count == 25)
        #expect(neighbourhoods.places.allSatisfy { (33...39).contains($0.lat) && (124...132).contains($0.long) })
        #expect(Set(neighbourhoods.places.map(\.code)).count == 250)
        #expect(neighbourhoods.place("1111000000")?.district == "종로구")
        #expect(neighbourhoods.place("1111000000'") == nil && neighbourhoods.place(nil) == nil)
        #expect(throws: (any Error).self) { try Districts(csv: "code,province,district,dong,latitude,longitude\n1,서울,중구,,north,east") }
        #expect(throws: (any Error).self) { try Districts(csv: "code,province,district,latitude,longitude\n1,서울,중구,37.5,127.0") }
    }

    @Test func theDistrictsAreTheRowsWithoutADong() throws {
        let csv = "code,province,district,dong,latitude,longitude\n1114000000,서울특별시,중구,,37.561003,126.999642\n"
            + "1114052000,서울특별시,중구,소공동,37.559631,126.979108\n"
        let districts = try Districts(csv: csv)
        #expect(districts.places.map(\.code) == ["1114000000"])
        #expect(districts.place("1114052000") == nil)
    }

    @Test func aDistrictIsNamedByItsShortProvinceSoTheThreeJunggusDiffer() throws {
        let districts = try Districts()
        let junggus = districts.places.filter { $0.district == "중구" }.map(\.name).sorted()
        #expect(junggus.contains("서울 중구") && junggus.contains("부산 중구"))
        #expect(Set(junggus).count == junggus.count)
        #expect(Districts.shortName(of: "충청북도") == "충북" && Districts.shortName(of: "경상남도") == "경남")
        #expect(Districts.shortName(of: "제주특별자치도") == "제주" && Districts.shortName(of: "세종특별자치시") == "세종")
        #expect(districts.place("1168000000")?.name == "서울 강남구")
    }
}
