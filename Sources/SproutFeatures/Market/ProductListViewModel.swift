import Foundation
import Observation
import SproutAPI
import SproutKit

/// Browse, Likes, My products (all, or one tab) and 구매내역: a paged list that loads its first
/// page on appearing, prefetches the next one when a cell near the end appears, never asks for a
/// page twice, and never shows a product twice (new products shift offset pages while one scrolls).
@MainActor @Observable
public final class ProductListViewModel {
    public enum Source: Sendable, Equatable {
        case all
        case liked
        case mine
        /// One tab of my products: 판매중, 예약중, 거래완료 or 숨김.
        case myTab(Market.MyProductsTab)
        /// What was sold to me (구매내역).
        case purchases
    }

    public enum Layout: Sendable, Equatable {
        case grid, list
    }

    // MARK: Outputs
    public private(set) var products: [Market.ListedProduct] = []
    /// The first page of a fresh load is on its way (show the spinner).
    public private(set) var isLoading = false
    /// A pull-to-refresh is on its way.
    public private(set) var isRefreshing = false
    public private(set) var hasNext = false
    public private(set) var layout: Layout = .grid
    public private(set) var search = ""
    /// A failure to tell the person about; cleared by `alertDismissed()`.
    public private(set) var alert: String?

    // MARK: Dependencies and state
    let market: MarketClient
    let source: Source
    let pageSize: Int
    /// How close to the end a displayed row must be to fetch the next page (Dotori: 3).
    let prefetchDistance: Int
    private var loadedPages = 0
    private var requestedPages: Set<Int> = []
    /// Bumped on every reset, so a page that arrives for an older list is dropped.
    private var generation = 0

    public init(market: MarketClient, source: Source = .all, pageSize: Int = 20, prefetchDistance: Int = 3) {
        self.market = market
        self.source = source
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        reset()
        isLoading = true
        await load(page: 1)
        isLoading = false
    }

    public func refreshPulled() async {
        reset()
        isRefreshing = true
        await load(page: 1)
        isRefreshing = false
    }

    public func willDisplayProduct(at index: Int) async {
        guard hasNext, index >= products.count - prefetchDistance else { return }
        await load(page: loadedPages + 1)
    }

    public func searchSubmitted(_ text: String) async {
        search = text.trimmingCharacters(in: .whitespacesAndNewlines)
        await viewWillAppear()
    }

    public func layoutButtonTapped() {
        layout = layout == .grid ? .list : .grid
    }

    public func alertDismissed() {
        alert = nil
    }

    // MARK: Loading

    private func reset() {
        generation += 1
        products = []
        loadedPages = 0
        requestedPages = []
        hasNext = false
    }

    private func load(page number: Int) async {
        guard !requestedPages.contains(number) else { return }
        requestedPages.insert(number)
        let generation = generation
        do {
            let page = try await fetch(number)
            guard generation == self.generation else { return }
            let known = Set(products.map(\.id))
            products += page.pages.filter { !known.contains($0.id) }
            loadedPages = max(loadedPages, number)
            hasNext = page.hasNext
        } catch {
            guard generation == self.generation else { return }
            requestedPages.remove(number)
            alert = "통신 오류가 발생했어요. 다시 시도해 주세요."
        }
    }

    private func fetch(_ number: Int) async throws -> Market.Page {
        switch source {
        case .all: try await market.products(page: number, itemsPerPage: pageSize, search: search.isEmpty ? nil : search)
        case .liked: try await market.likedProducts(page: number, itemsPerPage: pageSize)
        case .mine: try await market.myProducts(page: number, itemsPerPage: pageSize)
        case let .myTab(tab): try await ProductControlsClient(market: market).mine(tab: tab, page: number, itemsPerPage: pageSize)
        case .purchases: try await ProductControlsClient(market: market).purchases(page: number, itemsPerPage: pageSize)
        }
    }
}
