import Foundation
import Platform
import Testing
@testable import Study

@Suite("Study rules")
struct StudyRulesTests {
    @Test("the covering boxes contain every point of the circle, near the poles and across the antimeridian too")
    func coveringBoxes() {
        let radius = 700.0
        for (lat, long) in [(37.5, 126.9), (0, 179.999), (0, -179.999), (89.999, 10), (-89.9995, -170), (70, 180), (-60, -180)] {
            let centre = GeoPoint(lat: lat, long: long)!
            let boxes = GeoBox.covering(centre, radius: radius)
            for bearing in stride(from: 0.0, to: 360.0, by: 7.5) {
                let edge = destination(from: centre, metres: radius * 0.999, bearing: bearing)
                #expect(boxes.contains { $0.contains(edge) }, "\(lat),\(long) bearing \(bearing) → \(edge)")
                #expect(centre.distance(to: edge) <= radius)
            }
            #expect(boxes.allSatisfy { $0.minLong >= -180 && $0.maxLong <= 180 && $0.minLat >= -90 && $0.maxLat <= 90 })
        }
        #expect(GeoBox.covering(GeoPoint(lat: 0, long: 179.999)!, radius: radius).count == 2)
        #expect(GeoBox.covering(GeoPoint(lat: 89.999, long: 0)!, radius: radius).first?.minLong == -180)
    }

    @Test("distance: one degree of latitude is about 111.2 km")
    func distance() {
        let metres = GeoPoint(lat: 0, long: 0)!.distance(to: GeoPoint(lat: 1, long: 0)!)
        #expect(abs(metres - 111_195) < 5)
    }

    @Test("dates: every format clients send, and nothing else", arguments: [
        ("2000-01-01T00:00:00.000Z", 946_684_800.0),
        ("2000-01-01 00:00:00 +0000", 946_684_800),
        ("2000-12-04T09:37:29.029+0900", 975_890_249.029),
        ("2000-01-01T00:00:00Z", 946_684_800),
        ("2000-01-01", 946_684_800),
        ("2000-01-01T09:00:00+09:00", 946_684_800),
    ])
    func dates(text: String, seconds: Double) throws {
        let date = try #require(StudyDate.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005)
    }

    @Test("dates that are not dates", arguments: ["", "2000", "2000-13-01", "2001-02-29T00:00:00Z", "2000-01-01T24:00:00Z", "2000-01-01T00:00:00+2500", "٢٠٠٠-01-01", "2000-01-01T00:00:00.000Zjunk"])
    func notDates(text: String) {
        #expect(StudyDate.parse(text) == nil)
    }

    @Test("age counts full years on Korean dates")
    func age() throws {
        let now = try #require(StudyDate.parse("2026-01-01T00:00:00.000Z"))
        #expect(StudyDate.age(bornAt: try #require(StudyDate.parse("2008-12-31T15:00:00.000Z")), on: now) == 17)
        #expect(StudyDate.age(bornAt: try #require(StudyDate.parse("2009-01-01T15:00:00.000Z")), on: now) == 16)
    }

    @Test("nickname policy: reserved names and insults, in any case and spacing")
    func nicknames() {
        let policy = NicknamePolicy(extra: ["새싹왕"])
        #expect(!policy.isUsable("Admin"))
        #expect(!policy.isUsable("관 리 자"))
        #expect(!policy.isUsable("나는새싹왕"))
        #expect(policy.isUsable("고래밥"))
    }

    private func destination(from start: GeoPoint, metres: Double, bearing: Double) -> GeoPoint {
        let δ = metres / GeoPoint.earthRadius, θ = bearing * .pi / 180
        let φ1 = start.lat * .pi / 180, λ1 = start.long * .pi / 180
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        var long = λ2 * 180 / .pi
        while long > 180 { long -= 360 }
        while long < -180 { long += 360 }
        return GeoPoint(lat: φ2 * 180 / .pi, long: long)!
    }
}

extension GeoBox {
    func contains(_ point: GeoPoint) -> Bool {
        (minLat...maxLat).contains(point.lat) && (minLong...maxLong).contains(point.long)
    }
}
