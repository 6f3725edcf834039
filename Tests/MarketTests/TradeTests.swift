import Fluent
import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// Closing a deal through `/api/market`: only the seller reserves and sells, only to someone who
/// wrote about the product; after a sale to a buyer each side reviews the other once, and the
/// reviews make the seller's trust.
@Suite struct TradeTests {
    @Test func aSellerReservesAndSellsOnlyToSomeoneWhoWrote() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let silent = try await sprout.person("silent")
            let reserve = { (who: ProductConversationsTests.Person, buyer: String) in
                try await sprout.send(.POST, "api/market/products/\(product)/reservation", headers: who.auth, json: Market.ReservationRequest(buyer: buyer))
            }
            #expect(try await reserve(seller, buyer.id).status.code == 400, "nobody wrote yet")
            _ = try await sprout.open(product, by: buyer)
            #expect(try await reserve(buyer, buyer.id).status.code == 403, "only the seller")
            #expect(try await reserve(seller, silent.id).status.code == 400)
            let reserved = try await reserve(seller, buyer.id)
            #expect(try reserved.decode(Market.TradeState.self) == .init(productID: product, saleState: "reserved", buyer: buyer.id))
            let released = try await sprout.send(.DELETE, "api/market/products/\(product)/reservation", headers: seller.auth)
            #expect(try released.decode(Market.TradeState.self) == .init(productID: product, saleState: "selling", buyer: nil))
            let sold = try await sprout.send(.POST, "api/market/products/\(product)/sold", headers: seller.auth, json: Market.SoldRequest(buyer: buyer.id))
            #expect(try sold.decode(Market.TradeState.self) == .init(productID: product, saleState: "sold", buyer: buyer.id))
            #expect(try await sprout.send(.POST, "api/market/products/99999/sold", headers: seller.auth, json: Market.SoldRequest(buyer: nil)).status.code == 404)
            #expect(try await sprout.send(.POST, "api/market/products/\(product)/sold", json: Market.SoldRequest(buyer: nil)).status.code == 401)
            let contract = try await sprout.send(.GET, "api/products/\(product)").jsonObject()
            #expect(contract["sale_state"] == nil && contract["buyer"] == nil, "the published contract answers as before")
        }
    }

    @Test func eachSideReviewsTheOtherOnceAndTheSellersTrustFollows() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("Mina")
            try await sprout.verifyPhone(of: buyer)
            let stranger = try await sprout.person("stranger")
            _ = try await sprout.open(product, by: buyer)
            let review = { (who: ProductConversationsTests.Person, rating: String, text: String) in
                try await sprout.send(.POST, "api/market/products/\(product)/reviews", headers: who.auth, json: Market.TradeReviewRequest(rating: rating, text: text))
            }
            #expect(try await review(buyer, "great", "").status.code == 409, "not sold yet")
            _ = try await sprout.send(.POST, "api/market/products/\(product)/sold", headers: seller.auth, json: Market.SoldRequest(buyer: buyer.id))
            #expect(try await review(stranger, "bad", "").status.code == 403)
            #expect(try await review(buyer, "superb", "").status.code == 400)
            #expect(try await review(buyer, "good", String(repeating: "가", count: 501)).status.code == 400)
            #expect(try await review(buyer, "great", "친절하고 시간 약속을 잘 지켜요").status.code == 200)
            #expect(try await review(buyer, "bad", "changed my mind").status.code == 409, "once")
            #expect(try await review(seller, "good", "").status.code == 200)

            let vendorID = try await sprout.send(.GET, "api/products/\(product)").decode(Market.ProductDetail.self).vendorID
            let profile = try await sprout.send(.GET, "api/market/vendors/\(vendorID)").decode(Market.VendorProfile.self)
            #expect(profile.trust == Market.Trust(great: 1, good: 0, bad: 0) && profile.trust.score == 37 && profile.trust.reviews == 1)
            #expect(profile.reviews.map(\.text) == ["친절하고 시간 약속을 잘 지켜요"] && profile.reviews.first?.reviewerName == "Mina")
            #expect(try await sprout.send(.GET, "api/market/vendors/99999").status.code == 404)
            let told = try await sprout.send(.GET, "api/notifications", headers: seller.auth).decode(Notifications.Page.self)
            #expect(told.notifications.contains { $0.kind == "trade_review" && $0.link == "/market/products/\(product)" })
        }
    }

    /// Ten accounts made for the purpose, each asking, "bought" and reviewing, raise nothing; a
    /// week-old account's review counts; a product sold again counts only its last sale.
    @Test func onlyTheClosingSaleReviewedByAnAccountWithAHistoryCounts() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let review = { (who: ProductConversationsTests.Person, rating: String) in
                try await sprout.send(.POST, "api/market/products/\(product)/reviews", headers: who.auth, json: Market.TradeReviewRequest(rating: rating, text: "최고"))
            }
            let sell = { (buyer: ProductConversationsTests.Person) in
                try await sprout.send(.POST, "api/market/products/\(product)/sold", headers: seller.auth, json: Market.SoldRequest(buyer: buyer.id))
            }
            func trust() async throws -> Market.VendorProfile {
                let vendorID = try await sprout.send(.GET, "api/products/\(product)").decode(Market.ProductDetail.self).vendorID
                return try await sprout.send(.GET, "api/market/vendors/\(vendorID)").decode(Market.VendorProfile.self)
            }
            for index in 0..<10 {
                let sybil = try await sprout.person("sybil\(index)")
                _ = try await sprout.open(product, by: sybil)
                #expect(try await sell(sybil).status.code == 200)
                #expect(try await review(sybil, "great").status.code == 200)
            }
            var profile = try await trust()
            #expect(profile.trust.score == 36.5 && profile.trust.reviews == 0)
            #expect(profile.reviews.count == 1 && profile.reviews.allSatisfy { !$0.counted }, "each re-sale voided the one before: \(profile.reviews)")

            let regular = try await sprout.person("regular")
            _ = try await sprout.open(product, by: regular)
            _ = try await sell(regular)
            sprout.clock.advance(by: 8 * 86_400)
            let refreshed = ProductConversationsTests.Person(id: regular.id, auth: try await sprout.freshAuth(of: regular.id))
            #expect(try await review(refreshed, "great").status.code == 200)
            profile = try await trust()
            #expect(profile.trust.reviews == 1 && profile.trust.score == 37 && profile.reviews.map(\.counted) == [true])

            let next = try await sprout.person("next")
            try await sprout.verifyPhone(of: next)
            _ = try await sprout.open(product, by: next)
            let sellerAgain = ProductConversationsTests.Person(id: seller.id, auth: try await sprout.freshAuth(of: seller.id))
            #expect(try await sprout.send(.POST, "api/market/products/\(product)/sold", headers: sellerAgain.auth,
                                          json: Market.SoldRequest(buyer: next.id)).status.code == 200)
            #expect(try await review(refreshed, "great").status.code == 403, "the earlier buyer may no longer review")
            profile = try await trust()
            #expect(profile.trust.reviews == 0 && profile.reviews.isEmpty, "the earlier sale's review is void")
            #expect(try await review(next, "good").status.code == 200)
            #expect(try await trust().trust == Market.Trust(great: 0, good: 1, bad: 0))
        }
    }

    @Test func soldProductsGoLastOnTheWebButKeepTheirPlaceInTheContract() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let older = try await sprout.registerProduct(by: vendor, name: "Older lamp")
            let newer = try await sprout.registerProduct(by: vendor, name: "Newer desk")
            let auth = ["Authorization": "Bearer \(vendor.accessToken)"]
            #expect(try await sprout.send(.POST, "api/market/products/\(newer.id)/sold", headers: auth, json: Market.SoldRequest(buyer: nil)).status.code == 200)
            let page = try await sprout.send(.GET, "market").body.string
            let (lamp, desk) = (try #require(page.range(of: "Older lamp")), try #require(page.range(of: "Newer desk")))
            #expect(lamp.lowerBound < desk.lowerBound, "the sold desk comes after the lamp for sale")
            let contract = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self)
            #expect(contract.pages.map(\.id).prefix(2) == [newer.id, older.id], "the published list stays newest first")
        }
    }

    @Test func trustStartsAtBodyHeatAndStaysInItsRange() {
        #expect(Market.Trust(great: 0, good: 0, bad: 0).score == 36.5)
        #expect(Market.Trust(great: 1, good: 2, bad: 1).score == 36)
        #expect(Market.Trust(great: 0, good: 0, bad: 100).score == 0)
        #expect(Market.Trust(great: 1000, good: 0, bad: 0).score == 99)
    }
}

extension TestSprout {
    /// Gives the account a verified phone number, as phone sign-in or linking does.
    func verifyPhone(of person: ProductConversationsTests.Person) async throws {
        let account = try #require(try await Account.find(person.id, on: app.db))
        account.phoneNumber = "+8210" + String(Int.random(in: 10_000_000...99_999_999))
        try await account.save(on: app.db)
    }

    /// A new access token for the account, after the clock moved past the old one's lifetime.
    func freshAuth(of accountID: String) async throws -> [String: String] {
        ["Authorization": "Bearer \(try await platform.tokens.issue(for: accountID, on: app.db).accessToken)"]
    }
}
