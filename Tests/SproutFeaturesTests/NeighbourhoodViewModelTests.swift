import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct NeighbourhoodPickerViewModelTests {
    @Test func searchingAndAddingTwoNeighbourhoodsTheFirstCurrent() async {
        let server = FakeNeighbourhoods()
        let model = NeighbourhoodPickerViewModel(service: server, places: server)
        await model.viewDidAppear()
        #expect(model.mine.isEmpty && model.range == .near && model.mayAdd && !model.isLoading)

        await model.queryChanged("합정")
        #expect(model.results.map(\.code) == [FakeNeighbourhoods.hapjeong.code])
        await model.placeTapped(FakeNeighbourhoods.hapjeong)
        #expect(model.mine.map(\.code) == [FakeNeighbourhoods.hapjeong.code] && model.current?.code == FakeNeighbourhoods.hapjeong.code)
        #expect(model.query.isEmpty && model.results.isEmpty, "the search is done")
        await model.placeTapped(FakeNeighbourhoods.mangwon)
        #expect(model.mine.map(\.code) == [FakeNeighbourhoods.hapjeong.code, FakeNeighbourhoods.mangwon.code])
        #expect(model.current?.code == FakeNeighbourhoods.hapjeong.code && !model.mayAdd)

        await server.forgetCalls()
        await model.placeTapped(FakeNeighbourhoods.jamsil)
        #expect(await server.calls.isEmpty, "two at most: a third is not even asked for")
        #expect(model.isMine(FakeNeighbourhoods.mangwon) && !model.isMine(FakeNeighbourhoods.jamsil))
        await model.queryChanged("  ")
        #expect(model.results.isEmpty)
        #expect(await server.calls.isEmpty, "an empty search asks nothing")
    }

    @Test func aSearchAnsweredLateIsDropped() async {
        let server = FakeNeighbourhoods()
        let model = NeighbourhoodPickerViewModel(service: server, places: server)
        await server.hold("합")
        async let late: Void = model.queryChanged("합")
        while !(await server.isHolding) { await Task.yield() }
        await model.queryChanged("잠실")
        await server.release()
        await late
        #expect(model.query == "잠실" && model.results.map(\.code) == [FakeNeighbourhoods.jamsil.code])
    }

    @Test func currentRangeRemovalAndVerification() async {
        let server = FakeNeighbourhoods()
        _ = try? await server.setNeighbourhoods(codes: [FakeNeighbourhoods.hapjeong.code, FakeNeighbourhoods.mangwon.code], current: nil, range: nil)
        let model = NeighbourhoodPickerViewModel(service: server, places: server)
        await model.viewDidAppear()
        let mangwon = model.mine[1]
        await model.currentChosen(mangwon)
        #expect(model.current?.code == mangwon.code)
        await model.rangeChosen(.farthest)
        #expect(model.range == .farthest)

        let jamsil = FakeNeighbourhoods.jamsil
        await model.verify(model.mine[1], latitude: jamsil.latitude, longitude: jamsil.longitude)
        #expect(model.alert?.contains("18.3 km") == true, "the server says how far")
        #expect(model.mine[1].verifiedAt == nil)
        model.alertDismissed()
        await model.verify(model.mine[1], latitude: FakeNeighbourhoods.mangwon.latitude, longitude: FakeNeighbourhoods.mangwon.longitude)
        #expect(model.alert == nil && model.mine[1].verifiedAt != nil)

        await model.removeTapped(model.mine[0])
        #expect(model.mine.map(\.code) == [mangwon.code] && model.mine[0].verifiedAt != nil, "the one kept keeps its verification")
        #expect(model.range == .farthest)
    }
}

@MainActor @Suite struct NearbyListViewModelTests {
    func neighbour(products: Int) async -> FakeNeighbourhoods {
        let server = FakeNeighbourhoods(products: products)
        _ = try? await server.setNeighbourhoods(codes: [FakeNeighbourhoods.hapjeong.code], current: nil, range: nil)
        return server
    }

    @Test func pagesByCursorAskingForEachOnce() async {
        let server = await neighbour(products: 45)
        let model = NearbyListViewModel(service: server)
        await model.viewWillAppear()
        #expect(model.products.map(\.id) == Array((26...45).reversed()) && model.hasNext && !model.isLoading)
        await model.willDisplayProduct(at: 5)
        async let a: Void = model.willDisplayProduct(at: 17)
        async let b: Void = model.willDisplayProduct(at: 18)
        _ = await (a, b)
        await model.willDisplayProduct(at: 38)
        await model.willDisplayProduct(at: 44)
        #expect(model.products.count == 45 && !model.hasNext)
        #expect(Set(model.products.map(\.id)).count == 45)
        #expect(await server.calls.filter { $0.hasPrefix("nearby") } == ["nearby(-,,false,-)", "nearby(-,,false,20)", "nearby(-,,false,40)"])
    }

    @Test func aProductBumpedWhileScrollingIsNotShownTwice() async {
        let server = await neighbour(products: 30)
        let model = NearbyListViewModel(service: server, pageSize: 10)
        await model.viewWillAppear()
        await server.bump(5)
        await model.willDisplayProduct(at: 9)
        #expect(Set(model.products.map(\.id)).count == model.products.count)
    }

    @Test func rangeSearchAndGiveawayStartOver() async {
        let server = await neighbour(products: 6)
        let model = NearbyListViewModel(service: server)
        await model.viewWillAppear()
        await model.rangeChosen(.farther)
        #expect(model.range == .farther && model.ranges == [.near, .farther, .farthest])
        await model.giveawayToggled()
        #expect(model.giveaway && model.products.allSatisfy { $0.bargainPrice == 0 } && model.products.count == 3)
        await model.searchSubmitted("  Item 4 ")
        #expect(model.search == "Item 4" && model.products.map(\.id) == [4])
        #expect(await server.calls.last == "nearby(farther,Item 4,true,-)")
    }

    @Test func withoutANeighbourhoodTheListAsksForOne() async {
        let server = FakeNeighbourhoods(products: 3)
        let model = NearbyListViewModel(service: server)
        await model.viewWillAppear()
        #expect(model.needsNeighbourhood && model.products.isEmpty && model.alert == nil)
    }

    @Test func aFailedPageAlertsAndCanBeRetried() async {
        let server = await neighbour(products: 45)
        let model = NearbyListViewModel(service: server)
        await model.viewWillAppear()
        await server.fail("nearby", with: .transport("offline"))
        await model.willDisplayProduct(at: 19)
        #expect(model.alert != nil && model.products.count == 20)
        model.alertDismissed()
        await server.succeed("nearby")
        await model.willDisplayProduct(at: 19)
        #expect(model.products.count == 40 && model.alert == nil)
    }
}
