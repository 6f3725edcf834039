import Foundation
import NIOConcurrencyHelpers

/// Korea's 읍·면·동 with their centre points (the rows of `Places/Data/places.csv` with a 동, see its
/// NOTICE): the neighbourhoods people live and trade in, found by name as they type it, and the
/// ones around each by the distance between centres.
public struct Neighbourhoods: Sendable {
    public struct Place: Sendable, Hashable {
        /// The 행정구역 code, e.g. "1144069000": what a form sends and a row keeps.
        public let code: String
        /// 서울특별시.
        public let province: String
        /// 마포구.
        public let district: String
        /// The 동 as the table writes it: 망원제1동.
        public let name: String
        public let lat: Double
        public let long: Double
        private let centre: GeoPoint

        public var point: GeoPoint { centre }

        /// "서울 마포구 망원제1동", its 시/군/구 named as every page names one; 세종특별자치시, its own
        /// district, is named once: "세종 조치원읍".
        public var fullName: String { "\(Districts.name(province: province, district: district)) \(name)" }

        init(_ row: PlaceTable.Row) {
            code = row.code
            province = row.province
            district = row.district
            name = row.dong
            lat = row.point.lat
            long = row.point.long
            centre = row.point
        }
    }

    /// In the file's order: each 시/군/구's 읍·면·동 together.
    public let places: [Place]
    private let byCode: [String: Place]
    private let names: PlaceSearch
    /// The centres by latitude, for `nearest(to:within:)`.
    let byLatitude: LatitudeIndex
    /// `around`'s answers, as indices into `places`: a market page asks for the same few again and again.
    private let nearby = NIOLockedValueBox<[NearbyKey: [Nearby]]>([:])

    private struct NearbyKey: Hashable, Sendable {
        let code: String
        let metres: Double
    }

    private struct Nearby: Sendable {
        let index: Int
        let distance: Double
    }

    /// More radii than the apps offer times the 동 people are in at once: 14 MB were every answer the
    /// whole country, a few hundred kB for the apps' ranges.
    private static let nearbyCacheSize = 256

    /// From the bundled `places.csv`.
    public init() throws {
        try self.init(csv: PlaceTable.bundled())
    }

    /// `csv` in the form of `places.csv`; its 시/군/구 rows are not neighbourhoods and are passed over.
    public init(csv: String) throws {
        places = try PlaceTable.rows(csv).filter { !$0.dong.isEmpty }.map(Place.init)
        byCode = Dictionary(places.map { ($0.code, $0) }) { first, _ in first }
        names = PlaceSearch(places)
        byLatitude = LatitudeIndex(places.map(\.point))
    }

    public func place(_ code: String?) -> Place? {
        code.flatMap { byCode[$0] }
    }

    /// Places whose name matches `query`, best first: exact 동 name, then prefix, then contains;
    /// matches the way people type: "망원1동" and "망원동" find 망원제1동 (a "제" before the number
    /// is optional; "망원동" finds 망원제1동 and 망원제2동), "마포구 망원" and "서울 망원" narrow by
    /// district/province; whitespace-insensitive; empty query → []. At most `limit`.
    public func search(_ query: String, limit: Int) -> [Place] {
        names.indices(matching: query, limit: limit).map { places[$0] }
    }

    /// Every place within `metres` of `place`'s centre, nearest first, `place` itself first at 0.
    public func around(_ place: Place, within metres: Double) -> [(place: Place, distance: Double)] {
        guard metres >= 0 else { return [(place, 0)] }
        let key = NearbyKey(code: place.code, metres: metres)
        let others = nearby.withLockedValue { $0[key] } ?? remember(Self.others(around: place, within: metres, in: places), as: key)
        return [(place: place, distance: 0)] + others.map { (place: places[$0.index], distance: $0.distance) }
    }

    private static func others(around place: Place, within metres: Double, in places: [Place]) -> [Nearby] {
        places.indices.compactMap { index -> Nearby? in
            guard places[index].code != place.code else { return nil }
            let distance = Self.distance(place, places[index])
            return distance <= metres ? Nearby(index: index, distance: distance) : nil
        }.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
    }

    private func remember(_ others: [Nearby], as key: NearbyKey) -> [Nearby] {
        nearby.withLockedValue { cache in
            if cache.count >= Self.nearbyCacheSize { cache.removeAll() }
            cache[key] = others
        }
        return others
    }

    /// Metres, along the great circle between the two centres.
    public static func distance(_ a: Place, _ b: Place) -> Double {
        a.point.distance(to: b.point)
    }
}
