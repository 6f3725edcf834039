import Foundation
import Observation
import SproutAPI
import SproutKit

/// The market near me (the web's `/market` for someone with a 동네): the products within a range
/// of my current 동, newest bump first, with its three ranges, search and the 나눔 filter. It
/// loads the first page on appearing, the next by cursor when a cell near the end appears, never
/// asks for a page twice and never shows a product twice (a bump moves one up while one scrolls).
@MainActor @Observable
public final class NearbyListViewModel {
    // MARK: Outputs
    public private(set) var products: [Market.NearbyProduct] = []
    /// The range shown; nil is mine (the one my 동네 is set to).
    public private(set) var range: Market.NeighbourhoodRange?
    public private(set) var search = ""
    public private(set) var giveaway = false
    /// The first page of a fresh load is on its way (show the spinner).
    public private(set) var isLoading = false
    /// A pull-to-refresh is on its way.
    public private(set) var isRefreshing = false
    public private(set) var hasNext = false
    /// I have no 동네 yet: show the way to choose one instead of a list.
    public private(set) var needsNeighbourhood = false
    /// A failure to tell the person about; cleared by `alertDismissed()`.
    public private(set) var alert: String?

    /// The three ranges, for the tabs.
    public let ranges = Market.NeighbourhoodRange.allCases

    // MARK: Dependencies and state
    let service: any NeighbourhoodService
    let pageSize: Int
    /// How close to the end a displayed row must be to fetch the next page.
    let prefetchDistance: Int
    private var nextCursor: String?
    /// The cursors asked for (nil: the first page), so a page is fetched once.
    private var requested: Set<String> = []
    /// Bumped on every reset, so a page that arrives for an older list is dropped.
    private var generation = 0

    public init(service: any NeighbourhoodService, pageSize: Int = 20, prefetchDistance: Int = 3) {
        self.service = service
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        reset()
        isLoading = true
        await load(after: nil)
        isLoading = false
    }

    public func refreshPulled() async {
        reset()
        isRefreshing = true
        await load(after: nil)
        isRefreshing = false
    }

    public func willDisplayProduct(at index: Int) async {
        guard hasNext, let nextCursor, index >= products.count - prefetchDistance else { return }
        await load(after: nextCursor)
    }

    public func rangeChosen(_ chosen: Market.NeighbourhoodRange) async {
        range = chosen
        await viewWillAppear()
    }

    public func searchSubmitted(_ text: String) async {
        search = text.trimmingCharacters(in: .whitespacesAndNewlines)
        await viewWillAppear()
    }

    public func giveawayToggled() async {
        giveaway.toggle()
        await viewWillAppear()
    }

    public func alertDismissed() {
        alert = nil
    }

    // MARK: Loading

    private func reset() {
        generation += 1
        products = []
        nextCursor = nil
        requested = []
        hasNext = false
        needsNeighbourhood = false
    }

    /// The first cursor's key in `requested`: no cursor text is empty.
    private static let firstPage = ""

    private func load(after cursor: String?) async {
        let key = cursor ?? Self.firstPage
        guard !requested.contains(key) else { return }
        requested.insert(key)
        let generation = generation
        do {
            let page = try await service.nearby(range: range, search: search, category: nil, giveaway: giveaway, cursor: cursor, limit: pageSize)
            guard generation == self.generation else { return }
            let known = Set(products.map(\.id))
            products += page.products.filter { !known.contains($0.id) }
            nextCursor = page.nextCursor
            hasNext = page.nextCursor != nil
        } catch {
            guard generation == self.generation else { return }
            requested.remove(key)
            if case let .http(status, _, _)? = error as? SproutError, status == 409 {
                needsNeighbourhood = true
            } else {
                alert = MarketAlert.message(for: error, fallback: MarketAlert.network)
            }
        }
    }
}
