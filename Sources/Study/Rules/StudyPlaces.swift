import Foundation
import Platform
import SproutAPI

/// Where the study looks, in words: the 동 or 시/군/구 a person finds by name to centre the search
/// on, and for each person found how far they are and in which 동 (the 동 whose centre is nearest
/// where they wait; their point itself is not what the page says).
struct StudyPlaces: Sendable {
    let neighbourhoods: Neighbourhoods
    let districts: Districts

    /// A 동 is named for a point only when its centre is this near, in metres: farther, the point
    /// is at sea or abroad, and naming a 동 would mislead.
    static let dongReach = 20_000.0
    /// The most places a search lists, and the most of them 시/군/구, so that a 동 still shows.
    static let searchLimit = 12
    static let districtLimit = 8

    /// A place to centre the search on.
    enum Choice: Equatable, Sendable {
        case neighbourhood(Neighbourhoods.Place)
        case district(Districts.Place)

        /// "서울 마포구 망원제1동", "부산 중구": the province always said, so no two read alike.
        var label: String {
            switch self {
            case let .neighbourhood(place): place.fullName
            case let .district(place): place.name
            }
        }

        var centre: (lat: Double, long: Double) {
            switch self {
            case let .neighbourhood(place): (place.lat, place.long)
            case let .district(place): (place.lat, place.long)
            }
        }
    }

    /// How far a person found is from the search's centre, and the 동 they are in.
    struct Whereabouts: Equatable, Sendable {
        let metres: Double
        let dong: Neighbourhoods.Place?

        /// "650m · 망원제2동": what the radar, the map, the home list and the result cards all say.
        var text: String {
            ([DistanceText.text(metres: metres)] + [dong?.name].compactMap { $0 }).joined(separator: " · ")
        }
    }

    /// The 시/군/구 and then the 동 that answer what the person typed, best first.
    func find(_ typed: String) -> [Choice] {
        let query = String(typed.prefix(Places.maxQueryLength))
        let found = districts.search(query, limit: Self.districtLimit).map(Choice.district)
        return found + neighbourhoods.search(query, limit: Self.searchLimit - found.count).map(Choice.neighbourhood)
    }

    /// A 동 chosen by its code.
    func neighbourhood(_ code: String?) -> Choice? {
        neighbourhoods.place(code).map(Choice.neighbourhood)
    }

    /// A 시/군/구 chosen by its code.
    func district(_ code: String?) -> Choice? {
        districts.place(code).map(Choice.district)
    }

    /// The 동 a point is in, as near as the place list says.
    func dong(at point: GeoPoint) -> Neighbourhoods.Place? {
        neighbourhoods.nearest(to: point, within: Self.dongReach)?.place
    }

    /// Where `person` waits, seen from `centre`; nil for a point off the globe.
    func whereabouts(of person: Study.QueueUser, from centre: GeoPoint) -> Whereabouts? {
        guard let point = GeoPoint(lat: person.lat, long: person.long) else { return nil }
        return Whereabouts(metres: centre.distance(to: point), dong: dong(at: point))
    }
}
