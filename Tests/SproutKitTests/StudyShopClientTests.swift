import Foundation
import SproutAPI
import SproutKit
import Testing

/// The shop's three calls as the iOS apps make them (spec §5), and what each status means.
extension StudyClientTests {
    @Test func shopCallsSendTheirFormsAndReadEachStatus() async throws {
        var (request, user) = try await sent(200, StudySamples.json(StudySamples.user)) { try await $0.shopInfo() }
        expect(request, .get, "/v1/user/shop/myinfo")
        #expect(user == StudySamples.user)

        let receipt = "MIIT+wYJ/KoZ="
        var purchase: Study.ShopPurchaseStatus
        (request, purchase) = try await sent(200) { try await $0.buy(receipt: receipt, product: "com.memolease.sesac1.sprout2") }
        expect(request, .post, "/v1/user/shop/ios", form: "receipt=MIIT%2BwYJ%2FKoZ%3D&product=com.memolease.sesac1.sprout2")
        #expect(purchase == .granted)
        #expect(try await outcome(201) { try await $0.buy(receipt: receipt, product: "x") } == .invalidReceipt)

        var choice: Study.ShopItemStatus
        (request, choice) = try await sent(200) { try await $0.chooseItems(sesac: 2, background: 7) }
        expect(request, .post, "/v1/user/shop/item", form: "sesac=2&background=7")
        #expect(choice == .saved)
        #expect(try await outcome(201) { try await $0.chooseItems(sesac: 4, background: 0) } == .notOwned)

        await #expect(throws: SproutError.http(status: 406, code: .notSignedUp, message: nil)) { try await outcome(406) { try await $0.shopInfo() } }
        await #expect(throws: SproutError.http(status: 500, code: .serverError, message: nil)) {
            try await outcome(500) { try await $0.buy(receipt: receipt, product: "x") }
        }
        await #expect(throws: SproutError.http(status: 501, code: .invalidParameters, message: nil)) {
            try await outcome(501) { try await $0.chooseItems(sesac: -1, background: 0) }
        }
    }
}
