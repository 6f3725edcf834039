import Foundation
import SproutAPI
@testable import SproutFeatures
import SproutKit
import Testing

/// The 새싹샵: my items on appearing, previews, a StoreKit purchase recorded, saving.
@MainActor @Suite struct StudyShopViewModelTests {
    @Test func itShowsMineThenPreviewsBuysAndSaves() async throws {
        let study = FakeStudy()
        var me = FakeStudy.me
        me.sesac = 1
        me.sesacCollection = [0, 1]
        await study.set(shopUser: me)
        let shop = StudyShopViewModel(study: study)
        await shop.viewDidAppear()
        #expect(shop.previewFace == 1 && shop.previewBackground == 0)
        #expect(shop.faces.map { shop.isOwned($0) } == [true, true, false, false, false])

        shop.itemTapped(shop.faces[3])
        shop.itemTapped(shop.backgrounds[5])
        #expect(shop.previewFace == 3 && shop.previewBackground == 5)
        await study.set(choice: .notOwned)
        await shop.saveTapped()
        #expect(shop.alert == .needsPurchase)
        shop.alertDismissed()

        #expect(await shop.purchased(receipt: "cmVjZWlwdA==", product: "com.memolease.sesac1.sprout3"))
        #expect(shop.isOwned(shop.faces[3]) && shop.previewFace == 3, "the preview stays on what was just bought")
        await study.set(choice: .saved)
        await shop.saveTapped()
        #expect(shop.alert == .saved)
        #expect(await study.calls == [
            "shopInfo", "chooseItems(3,5)", "buy(cmVjZWlwdA==,com.memolease.sesac1.sprout3)", "shopInfo", "chooseItems(3,5)",
        ])
    }

    @Test func aRefusedReceiptOrAFailureAlerts() async throws {
        let study = FakeStudy()
        await study.set(purchase: .invalidReceipt)
        let shop = StudyShopViewModel(study: study)
        await shop.viewDidAppear()
        #expect(await shop.purchased(receipt: "bad", product: "com.memolease.sesac1.background2"), "refused is final: finish the transaction")
        #expect(shop.alert == .purchaseRefused && !shop.isOwned(shop.backgrounds[2]))
        shop.alertDismissed()
        await study.fail("buy", with: SproutError.http(status: 500, code: .serverError, message: nil))
        #expect(await shop.purchased(receipt: "good", product: "com.memolease.sesac1.background2") == false, "leave it for StoreKit to hand over again")
        #expect(shop.alert == .serverError)
        shop.alertDismissed()
        await study.fail("chooseItems", with: SproutError.http(status: 500, code: .serverError, message: nil))
        await shop.saveTapped()
        #expect(shop.alert == .serverError)
    }
}
