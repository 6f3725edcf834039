import Foundation
import Observation
import SproutAPI
import SproutKit

/// 내 동네 설정 (the web's `/market/neighbourhoods`): my 동 (two at most) with the current one and
/// their verification, the range with its three distances, and a search of the place list to add
/// a 동 from. A search answered after a newer one was typed is dropped.
@MainActor @Observable
public final class NeighbourhoodPickerViewModel {
    /// How many places a search lists.
    static let searchLimit = 20

    // MARK: Outputs
    public private(set) var mine: [Market.Neighbourhood] = []
    public private(set) var range: Market.NeighbourhoodRange = .near
    public private(set) var query = ""
    public private(set) var results: [Places.Place] = []
    public private(set) var isLoading = false
    /// A change is on its way.
    public private(set) var isSaving = false
    /// Why something failed; a refusal's is the server's reason (how far a verification was).
    public private(set) var alert: String?

    /// Another 동 may be added.
    public var mayAdd: Bool { mine.count < Self.maximum }
    public var current: Market.Neighbourhood? { mine.first(where: \.current) }

    /// Whether a search result is one of mine already.
    public func isMine(_ place: Places.Place) -> Bool {
        mine.contains { $0.code == place.code }
    }

    static let maximum = 2

    let service: any NeighbourhoodService
    let places: any PlaceSearching
    private var searches = 0

    public init(service: any NeighbourhoodService, places: any PlaceSearching) {
        self.service = service
        self.places = places
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        isLoading = true
        defer { isLoading = false }
        do {
            show(try await service.neighbourhoods())
        } catch {
            alert = MarketAlert.message(for: error, fallback: "내 동네를 불러오지 못했어요.")
        }
    }

    /// Searches the place list as the person types; an empty query clears the results.
    public func queryChanged(_ text: String) async {
        query = text
        searches += 1
        let search = searches
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { results = []; return }
        do {
            let found = try await places.search(trimmed, limit: Self.searchLimit)
            guard search == searches else { return }
            results = found
        } catch {
            guard search == searches else { return }
            alert = MarketAlert.message(for: error, fallback: "동네를 찾지 못했어요.")
        }
    }

    /// Adds a 동 from the results; the first one becomes current.
    public func placeTapped(_ place: Places.Place) async {
        guard mayAdd, !isMine(place) else { return }
        let added = await change(fallback: "동네를 추가하지 못했어요.") {
            try await service.setNeighbourhoods(codes: mine.map(\.code) + [place.code], current: nil, range: nil)
        }
        if added {
            query = ""
            results = []
        }
    }

    public func removeTapped(_ neighbourhood: Market.Neighbourhood) async {
        await change(fallback: "동네를 지우지 못했어요.") {
            try await service.setNeighbourhoods(codes: mine.map(\.code).filter { $0 != neighbourhood.code }, current: nil, range: nil)
        }
    }

    public func currentChosen(_ neighbourhood: Market.Neighbourhood) async {
        guard !neighbourhood.current else { return }
        await change(fallback: "현재 동네를 바꾸지 못했어요.") {
            try await service.setNeighbourhoods(codes: mine.map(\.code), current: neighbourhood.code, range: nil)
        }
    }

    public func rangeChosen(_ chosen: Market.NeighbourhoodRange) async {
        guard chosen != range, !mine.isEmpty else { return }
        await change(fallback: "동네 범위를 바꾸지 못했어요.") {
            try await service.setNeighbourhoods(codes: mine.map(\.code), current: nil, range: chosen)
        }
    }

    /// Verifies a 동 of mine where the device is (the screen asks the platform for the position).
    public func verify(_ neighbourhood: Market.Neighbourhood, latitude: Double, longitude: Double) async {
        await change(fallback: "동네 인증을 하지 못했어요.") {
            try await service.verify(code: neighbourhood.code, latitude: latitude, longitude: longitude)
        }
    }

    public func alertDismissed() { alert = nil }

    // MARK: Changing

    /// Whether the change was made.
    @discardableResult
    private func change(fallback: String, _ call: () async throws -> Market.NeighbourhoodList) async -> Bool {
        guard !isSaving else { return false }
        isSaving = true
        defer { isSaving = false }
        do {
            show(try await call())
            return true
        } catch {
            alert = MarketAlert.message(for: error, fallback: fallback)
            return false
        }
    }

    private func show(_ list: Market.NeighbourhoodList) {
        mine = list.neighbourhoods
        range = list.range
    }
}
