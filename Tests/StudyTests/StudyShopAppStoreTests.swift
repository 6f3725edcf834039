import Foundation
import Platform
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor

/// The shop with `SPROUT_RECEIPTS=appstore`, against `FakeAppStore`: what the iOS apps see when
/// Apple accepts, refuses or cannot be asked, and the web shop that then sells nothing.
@Suite("Study: the shop on the App Store")
struct StudyShopAppStoreTests {
    @Test func applesAnswersBecomeTheContractsCodes() async throws {
        try await withFakeAppStore { fake in
            try await withSprout(configure: { $0.environment = .init(fake.environment) }) { sprout in
                let a = try await sprout.studyPerson("+821033360001", nick: "앱손님")
                let sturdy = "com.memolease.sesac1.sprout1", city = "com.memolease.sesac1.background1"
                fake.receipts.withLockedValue {
                    $0["testflight"] = .init(sandbox: true, purchases: [(sturdy, "2000000001")])
                    $0["later"] = .init(sandbox: false, purchases: [(sturdy, "2000000001"), (city, "2000000002")])
                }
                #expect(try await sprout.shopBuy(a, receipt: "testflight", product: sturdy) == 200, "21007, then the sandbox")
                #expect(fake.calls.withLockedValue { $0.map(\.environment) } == ["production", "sandbox"])
                #expect(try await sprout.shopBuy(a, receipt: "testflight", product: city) == 201, "the receipt holds no purchase of that product")
                #expect(try await sprout.shopBuy(a, receipt: "forged", product: sturdy) == 201, "21002")

                fake.scripted.withLockedValue { $0 = [(.ok, #"{"status":21005}"#)] }
                #expect(try await sprout.shopBuy(a, receipt: "later", product: city) == 500, "Apple could not say: the app may try again")
                fake.scripted.withLockedValue { $0 = [(.serviceUnavailable, "down")] }
                #expect(try await sprout.shopBuy(a, receipt: "later", product: city) == 500)
                #expect(try await sprout.shopMe(a).backgroundCollection == [0], "nothing granted while Apple could not say")

                #expect(try await sprout.shopBuy(a, receipt: "later", product: city) == 200, "the retry")
                let user = try await sprout.shopMe(a)
                #expect(user.sesacCollection == [0, 1] && user.backgroundCollection == [0, 1])
                #expect(user.transactionId == ["2000000001", "2000000002"])
            }
        }
    }

    @Test func theWebShopSellsNothingAndSaysTheAppDoes() async throws {
        try await withFakeAppStore { fake in
            try await withSprout(configure: { $0.environment = .init(fake.environment) }) { sprout in
                let a = try await sprout.studyBrowser(phone: "01030000061", nick: "웹손님")
                let page = try await a.page("/study/shop")
                #expect(page.0 == 200 && page.1.contains(#"id="shop-in-app""#) && !page.1.contains(#"action="/study/shop/buy""#))
                #expect(try await a.post("/study/shop/buy", ["product": "com.memolease.sesac1.sprout2"]).2 == "/study/shop?notice=purchases-in-app")
                #expect(try await ShopTransaction.query(on: sprout.app.db).count() == 0)
                #expect(fake.calls.withLockedValue { $0.isEmpty }, "the page made no receipt to send")
            }
        }
    }
}
