import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct ProductListViewModelTests {
    @Test func appearingLoadsTheFirstPageWithASpinner() async {
        let market = FakeMarket(count: 45)
        let model = ProductListViewModel(market: market.client)
        #expect(model.products.isEmpty && !model.isLoading)
        await model.viewWillAppear()
        #expect(model.products.map(\.id) == Array((26...45).reversed()))
        #expect(model.hasNext && !model.isLoading)
        #expect(market.pagesRequested == [1])
    }

    @Test func prefetchesNearTheEndAndNeverAsksForAPageTwice() async {
        let market = FakeMarket(count: 45)
        let model = ProductListViewModel(market: market.client)
        await model.viewWillAppear()
        await model.willDisplayProduct(at: 10)
        #expect(market.pagesRequested == [1], "far from the end: no fetch")
        async let a: Void = model.willDisplayProduct(at: 17)
        async let b: Void = model.willDisplayProduct(at: 18)
        async let c: Void = model.willDisplayProduct(at: 19)
        _ = await (a, b, c)
        #expect(market.pagesRequested == [1, 2])
        #expect(model.products.count == 40)
        await model.willDisplayProduct(at: 38)
        #expect(model.products.count == 45 && !model.hasNext)
        await model.willDisplayProduct(at: 44)
        #expect(market.pagesRequested == [1, 2, 3], "no page past the last")
        #expect(Set(model.products.map(\.id)).count == 45)
    }

    @Test func aProductInsertedWhileScrollingIsNotShownTwice() async {
        let market = FakeMarket(count: 30)
        let model = ProductListViewModel(market: market.client, pageSize: 10)
        await model.viewWillAppear()
        market.insertNewest()
        await model.willDisplayProduct(at: 9)
        #expect(model.products.count == 19, "the shifted product is not repeated")
        #expect(Set(model.products.map(\.id)).count == model.products.count)
    }

    @Test func refreshStartsOverAndLayoutToggles() async {
        let market = FakeMarket(count: 45)
        let model = ProductListViewModel(market: market.client)
        await model.viewWillAppear()
        await model.willDisplayProduct(at: 19)
        await model.refreshPulled()
        #expect(model.products.count == 20 && !model.isRefreshing)
        #expect(market.pagesRequested == [1, 2, 1])
        #expect(model.layout == .grid)
        model.layoutButtonTapped()
        #expect(model.layout == .list)
        model.layoutButtonTapped()
        #expect(model.layout == .grid)
    }

    @Test func aFailedPageAlertsAndCanBeRetried() async {
        let market = FakeMarket(count: 45)
        let model = ProductListViewModel(market: market.client)
        await model.viewWillAppear()
        market.box.value.withLock { $0.failing = true }
        await model.willDisplayProduct(at: 19)
        #expect(model.alert != nil && model.products.count == 20)
        model.alertDismissed()
        #expect(model.alert == nil)
        market.box.value.withLock { $0.failing = false }
        await model.willDisplayProduct(at: 19)
        #expect(model.products.count == 40)
    }

    @Test func searchSendsTheTermAndResets() async {
        let market = FakeMarket(count: 5)
        let model = ProductListViewModel(market: market.client)
        await model.searchSubmitted("  도토리 ")
        #expect(model.search == "도토리")
        let query = market.transport.requests.last?.url.query ?? ""
        #expect(query.contains("search_value=%EB%8F%84%ED%86%A0%EB%A6%AC"))
    }
}
