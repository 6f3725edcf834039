import Foundation
import SproutAPI
import SproutFeatures
import SproutKit

/// An in-memory 내 동네 API and place list for view-model tests: three 동, my choice of them (two
/// at most, one current), and a catalogue of products near me paged by cursor. It records every
/// call, fails any call named in `failures`, and can hold one search until released.
actor FakeNeighbourhoods: NeighbourhoodService, PlaceSearching {
    static let mangwon = Places.Place(code: "1144069000", name: "망원제1동", district: "마포구", province: "서울특별시", fullName: "서울 마포구 망원제1동",
                                      latitude: 37.552433, longitude: 126.907767)
    static let hapjeong = Places.Place(code: "1144068000", name: "합정동", district: "마포구", province: "서울특별시", fullName: "서울 마포구 합정동",
                                       latitude: 37.546722, longitude: 126.907753)
    static let jamsil = Places.Place(code: "1171065000", name: "잠실본동", district: "송파구", province: "서울특별시", fullName: "서울 송파구 잠실본동",
                                     latitude: 37.503356, longitude: 127.086419)
    static let places = [mangwon, hapjeong, jamsil]

    private(set) var mine: [Market.Neighbourhood] = []
    private(set) var range: Market.NeighbourhoodRange = .near
    /// Newest bump first.
    private(set) var catalogue: [Market.NearbyProduct]
    private(set) var calls: [String] = []
    private(set) var failures: [String: SproutError] = [:]
    /// A search for this query waits until `release()`.
    private var heldQuery: String?
    private var held: CheckedContinuation<Void, Never>?

    init(products: Int = 0) {
        catalogue = (1...max(products, 1)).reversed().filter { _ in products > 0 }.map(Self.product)
    }

    static func product(_ id: Int) -> Market.NearbyProduct {
        Market.NearbyProduct(id: id, name: "Item \(id)", currency: .krw, price: 1000, bargainPrice: id % 2 == 0 ? 0 : 1000,
                             thumbnail: "http://market.test/t.jpg", dong: .init(code: mangwon.code, name: mangwon.name), distanceM: 635,
                             bumpedAt: "2026-01-01T00:00:00", state: "selling")
    }

    // MARK: Scripting

    func fail(_ call: String, with error: SproutError) { failures[call] = error }
    func succeed(_ call: String) { failures[call] = nil }
    func forgetCalls() { calls = [] }
    func hold(_ query: String) { heldQuery = query }
    var isHolding: Bool { held != nil }

    func release() {
        held?.resume()
        held = nil
    }

    /// The seller of `id` bumps it to the top.
    func bump(_ id: Int) {
        guard let index = catalogue.firstIndex(where: { $0.id == id }) else { return }
        catalogue.insert(catalogue.remove(at: index), at: 0)
    }

    private func record(_ call: String, _ detail: String = "") throws {
        calls.append(detail.isEmpty ? call : "\(call)(\(detail))")
        if let error = failures[call] { throw error }
    }

    private func list() -> Market.NeighbourhoodList {
        Market.NeighbourhoodList(neighbourhoods: mine, range: range)
    }

    private static func refusal(_ reason: String) -> SproutError { .http(status: 400, code: .missingValue, message: reason) }

    // MARK: NeighbourhoodService

    func neighbourhoods() async throws -> Market.NeighbourhoodList {
        try record("neighbourhoods")
        return list()
    }

    func setNeighbourhoods(codes: [String], current: String?, range: Market.NeighbourhoodRange?) async throws -> Market.NeighbourhoodList {
        try record("setNeighbourhoods", codes.joined(separator: ",") + "|" + (current ?? "-") + "|" + (range?.rawValue ?? "-"))
        guard codes.count <= 2 else { throw Self.refusal("At most 2 동네.") }
        let chosen = try codes.map { code in
            guard let place = Self.places.first(where: { $0.code == code }) else { throw Self.refusal("No such 동.") }
            return place
        }
        let keptCurrent = mine.first(where: \.current).map(\.code).flatMap { codes.contains($0) ? $0 : nil }
        let currentCode = current ?? keptCurrent ?? codes.first
        mine = chosen.map { place in
            Market.Neighbourhood(code: place.code, name: place.name, fullName: place.fullName,
                                 verifiedAt: mine.first { $0.code == place.code }?.verifiedAt, current: place.code == currentCode)
        }
        if let range { self.range = range }
        return list()
    }

    func verify(code: String, latitude: Double, longitude: Double) async throws -> Market.NeighbourhoodList {
        try record("verify", code)
        guard let index = mine.firstIndex(where: { $0.code == code }), let place = Self.places.first(where: { $0.code == code }) else {
            throw Self.refusal("That 동 is not one of your 동네.")
        }
        // Near enough for a test: within about 5 km north–south or east–west.
        guard abs(place.latitude - latitude) < 0.045, abs(place.longitude - longitude) < 0.055 else {
            throw Self.refusal("You are 18.3 km from the centre of that 동; it is verified within 5.0 km.")
        }
        mine[index].verifiedAt = "2026-11-29T03:00:00"
        return list()
    }

    /// `cursor` is the index the page starts at, as text.
    func nearby(range: Market.NeighbourhoodRange?, search: String, category: String?, giveaway: Bool, cursor: String?,
                limit: Int?) async throws -> Market.NearbyPage {
        try record("nearby", "\(range?.rawValue ?? "-"),\(search),\(giveaway),\(cursor ?? "-")")
        guard !mine.isEmpty else { throw SproutError.http(status: 409, code: .conflict, message: "Choose your 동네 first.") }
        let matching = catalogue.filter { (search.isEmpty || $0.name.lowercased().contains(search.lowercased())) && (!giveaway || $0.bargainPrice == 0) }
        let start = cursor.flatMap(Int.init) ?? 0
        let size = limit ?? 20
        let page = Array(matching.dropFirst(start).prefix(size))
        return Market.NearbyPage(products: page, nextCursor: start + size < matching.count ? String(start + size) : nil)
    }

    // MARK: PlaceSearching

    func search(_ query: String, limit: Int?) async throws -> [Places.Place] {
        try record("search", query)
        if query == heldQuery {
            heldQuery = nil
            await withCheckedContinuation { held = $0 }
        }
        return Array(Self.places.filter { $0.name.contains(query) }.prefix(limit ?? 20))
    }
}
