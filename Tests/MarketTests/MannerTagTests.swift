import Foundation
@testable import Market
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 매너 칭찬 on trade reviews: praise with a good rating, its opposite with a bad one, the item's
/// tags only of a seller; a seller's page counts each tag from the reviews that count.
@Suite struct MannerTagTests {
    typealias Person = ProductConversationsTests.Person

    @Test func tagsFitTheirRatingAndTheSideReviewed() throws {
        #expect(try MannerTag.checked(["kind", "punctual", "kind"], rating: .great, aboutSeller: false) == [.punctual, .kind], "each once, in order")
        #expect(try MannerTag.checked(["not_as_described"], rating: .bad, aboutSeller: true) == [.notAsDescribed])
        #expect(throws: TradeError.tagDoesNotFit) { try MannerTag.checked(["punctual"], rating: .bad, aboutSeller: true) }
        #expect(throws: TradeError.tagDoesNotFit) { try MannerTag.checked(["unkind"], rating: .good, aboutSeller: true) }
        #expect(throws: TradeError.tagDoesNotFit) { try MannerTag.checked(["fair_price"], rating: .great, aboutSeller: false) }
        #expect(throws: TradeError.unknownTag) { try MannerTag.checked(["lovely"], rating: .great, aboutSeller: true) }
        #expect(MannerTag.choices(for: .good, aboutSeller: false) == [.punctual, .kind, .responsive])
        #expect(MannerTag.tally([.kind, .punctual, .kind, .responsive]).map { $0.tag } == [.kind, .punctual, .responsive], "most given first, then in order")
        #expect(MannerTag.read(MannerTag.stored([.punctual, .asDescribed])) == [.punctual, .asDescribed])
    }

    @Test func reviewsCarryTheirTagsAndTheSellersPageCountsThoseThatCount() async throws {
        try await withSprout { sprout in
            let (vendor, seller, product) = try await sprout.vendorWithProduct()
            let buyer = try await sprout.person("Mina")
            try await sprout.verifyPhone(of: buyer)
            _ = try await sprout.open(product, by: buyer)
            _ = try await sprout.trade(.POST, "sold", product, by: seller, json: Market.SoldRequest(buyer: buyer.id))
            let review = { (who: Person, rating: String, tags: [String]) in
                try await sprout.trade(.POST, "reviews", product, by: who, json: Market.TradeReviewRequest(rating: rating, text: "", tags: tags))
            }
            for (rating, tags) in [("bad", ["punctual"]), ("great", ["not_punctual"]), ("great", ["lovely"]), ("good", ["punctual", ""])] {
                let refused = try await review(buyer, rating, tags)
                #expect(refused.status.code == 400, "\(rating) \(tags)")
                #expect(try refused.jsonObject()["error"] as? Bool == true)
            }
            #expect(try await review(seller, "great", ["as_described"]).status.code == 400, "the item's condition is the seller's")
            #expect(try await review(buyer, "great", ["punctual", "as_described", "punctual"]).status.code == 200)
            #expect(try await review(seller, "bad", ["not_punctual"]).status.code == 200)
            let oldClient = try await sprout.send(.POST, "api/market/products/\(product)/reviews",
                                                  headers: buyer.auth.merging(["Content-Type": "application/json"]) { $1 }, body: #"{"rating":"good"}"#)
            #expect(oldClient.status.code == 409, "a review without tags is read (and this one is a second)")

            // A second sale, reviewed by a buyer too new to count: its tags are shown, not counted.
            let another = try await sprout.registerProduct(by: vendor, name: "Pine desk").id
            let newcomer = try await sprout.person("newcomer")
            _ = try await sprout.open(another, by: newcomer)
            _ = try await sprout.trade(.POST, "sold", another, by: seller, json: Market.SoldRequest(buyer: newcomer.id))
            #expect(try await sprout.trade(.POST, "reviews", another, by: newcomer, json: Market.TradeReviewRequest(rating: "good", text: "", tags: ["punctual"]))
                .status.code == 200)

            let vendorID = vendor.vendorID
            let profile = try await sprout.send(.GET, "api/market/vendors/\(vendorID)").decode(Market.VendorProfile.self)
            #expect(profile.tags == [Market.TagCount(tag: "punctual", count: 1), Market.TagCount(tag: "as_described", count: 1)])
            #expect(profile.reviews.map(\.tags) == [["punctual"], ["punctual", "as_described"]], "newest first, each with its own")
            let page = String(buffer: try await WebClient(sprout).get("/market/vendors/\(vendorID)").body)
            #expect(page.contains("시간 약속을 잘 지켜요 ×1") && page.contains("상품 상태가 설명한 것과 같아요 ×1"))
            #expect(!page.contains("시간 약속을 잘 지켜요 ×2"), "the newcomer's review does not count")
        }
    }

    @Test func theReviewFormOffersTheTagsOfTheSideReviewed() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "Buyer", "email": "buyer@sprout.test", "password": "long-password"], csrf: csrf)
            try await browser.post("/inbox", form: ["app": "market", "id": "\(product)", "text": "Hello", "back": "/market"], csrf: csrf)
            #expect(try await browser.get("/market/products/\(product)/review").headers.first(name: .location) == "/market/products/\(product)",
                    "nothing to review before a sale")
            let buyer = try #require(try await sprout.platform.messenger.conversations(
                about: ConversationTopic(app: "market", id: "\(product)"), of: seller.id, on: sprout.app.db).first?.other.id)
            _ = try await sprout.trade(.POST, "sold", product, by: seller, json: Market.SoldRequest(buyer: buyer))
            let form = String(buffer: try await browser.get("/market/products/\(product)/review").body)
            #expect(form.contains(#"id="trade-review-form""#) && form.contains(#"id="tag-as_described""#) && form.contains(#"id="tag-not_punctual""#))
            let sent = try await browser.post("/market/products/\(product)/review", form: ["rating": "great", "tags": "punctual"], csrf: csrf)
            #expect(sent.status.code == 303)
            let profile = try await sprout.send(.GET, "api/market/vendors/\(try await sprout.vendorID(of: product))").decode(Market.VendorProfile.self)
            #expect(profile.reviews.first?.tags == ["punctual"])
        }
    }
}

extension TestSprout {
    func vendorID(of product: Int) async throws -> Int {
        try await send(.GET, "api/products/\(product)").decode(Market.ProductDetail.self).vendorID
    }
}
