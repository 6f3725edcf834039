import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import SproutTestSupport
import Testing
import Vapor

/// The view models and the SDK against the real server over real sockets.
@Suite struct MarketLiveTests {
    @Test func aVendorSellsThroughTheFormAndAShopperPagesAndLikes() async throws {
        try await withListeningSprout { sprout, url in
            #expect(try await MarketClient(baseURL: url).healthCheck())

            let session = AuthSession()
            let accounts = AccountsClient(baseURL: url, session: session)
            let market = MarketClient(baseURL: url, session: session)
            try await accounts.join(email: "seller@sprout.test", password: "long-password", name: "Seller")
            let credentials = try await market.becomeVendor(name: "acorn77")
            let secret = try #require(credentials.secret)
            let photo = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/images/exif-rotated.jpg"))

            for index in 1...23 {
                let form = await ProductFormViewModel(market: market, identifier: credentials.identifier)
                await form.imagesPicked([ImageUpload(filename: "p-\(index).jpeg", data: photo)])
                await form.nameChanged("Chair \(index)")
                await form.priceChanged("1000")
                await form.stockChanged("1")
                await form.descriptionChanged("A solid chair, number \(index).")
                await form.submitTapped(secret: secret)
                #expect(await form.route != nil)
            }

            let list = await ProductListViewModel(market: market)
            await list.viewWillAppear()
            #expect(await list.products.count == 20)
            await list.willDisplayProduct(at: 19)
            #expect(await list.products.count == 23)
            #expect(await list.hasNext == false)

            let id = try #require(await list.products.first?.id)
            let detail = await ProductDetailViewModel(market: market, productID: id)
            await detail.viewDidAppear()
            #expect(await detail.product?.name == "Chair 23")
            await detail.likeButtonTapped()
            #expect(await detail.isLiked)
            let likes = await ProductListViewModel(market: market, source: .liked)
            await likes.viewWillAppear()
            #expect(await likes.products.map(\.id) == [id])

            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime + 1)
            let mine = await ProductListViewModel(market: market, source: .mine)
            await mine.viewWillAppear()
            #expect(await mine.products.count == 20, "an expired token is refreshed on the way")
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime + 1)
            let again = await ProductListViewModel(market: market, source: .mine)
            await again.viewWillAppear()
            #expect(await again.products.count == 20, "the second refresh presents the rotated token the first one answered")

            let deleted = try await market.delete(id: id, as: VendorKey(identifier: credentials.identifier, secret: secret))
            #expect(deleted.id == id)
        }
    }
}
