import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct ProductDetailViewModelTests {
    @Test func likeTogglesAndGoesBackWhenRefused() async {
        let market = FakeMarket(count: 3)
        let model = ProductDetailViewModel(market: market.client, productID: 2)
        await model.likeButtonTapped()
        #expect(model.isLiked)
        await model.likeButtonTapped()
        #expect(!model.isLiked)
        market.box.value.withLock { $0.refuseLikes = true }
        await model.likeButtonTapped()
        #expect(!model.isLiked, "the optimistic like is undone")
        #expect(model.alert != nil)
    }

    @Test func signedOutLikesRouteToLogin() async {
        let market = FakeMarket(count: 3, signedIn: false)
        let model = ProductDetailViewModel(market: market.client, productID: 2)
        await model.likeButtonTapped()
        #expect(model.route == .login && !model.isLiked)
        #expect(market.transport.requests.isEmpty)
    }

    @Test func pricesReadAsDotoriShowsThem() {
        #expect(Market.PriceText.format(1000, .krw) == "1,000원")
        #expect(Market.PriceText.format(1000, .usd) == "$1,000")
        #expect(Market.PriceText.selling(price: 12000, discount: 50, currency: .krw) == "11,950원")
        #expect(Market.PriceText.discountRate(price: 30000, discount: 3000) == "10%")
        #expect(Market.PriceText.discountRate(price: 30000, discount: 0) == nil)
        #expect(Market.PriceText.stock(0) == "SOLD OUT")
        #expect(Market.PriceText.stock(1200) == "재고 1,200")
    }
}
