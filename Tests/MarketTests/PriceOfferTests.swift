import Fluent
import Foundation
@testable import Market
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 가격 제안 through Sprout's market API: a buyer offers in their conversation, the seller answers
/// once, and the accepted offer is the price of their trade.
@Suite struct PriceOfferTests {
    typealias Person = ProductConversationsTests.Person

    /// A seller taking offers on a product that sells at 27,000원 (30,000 less 3,000), and a buyer
    /// who wrote about it.
    struct Haggle {
        let seller: Person
        let buyer: Person
        let product: Int
        let conversation: Conversations.Conversation
    }

    static func haggle(_ sprout: TestSprout, shop: String = "acorn77", price: Double = 30000, discount: Double = 3000) async throws -> Haggle {
        let vendor = try await sprout.makeVendor(shop)
        let product = try await sprout.registerProduct(by: vendor, price: price, discount: discount).id
        guard case let .valid(sellerID) = await sprout.platform.tokens.check(accessToken: vendor.accessToken) else { throw Abort(.unauthorized) }
        try await sprout.allowOffers(on: product)
        let buyer = try await sprout.person("buyer")
        let conversation = try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self)
        return Haggle(seller: Person(id: sellerID, auth: ["Authorization": "Bearer \(vendor.accessToken)"]), buyer: buyer, product: product,
                      conversation: conversation)
    }

    @Test func anAcceptedMeetingIsWhatTheSellerReservesFor() async throws {
        try await withSprout { sprout in
            let deal = try await Self.haggle(sprout)
            let reserve = { try await sprout.details(of: deal.conversation.id, for: deal.seller).actions.filter { $0.path.hasSuffix("#trade") }.map(\.ko) }
            #expect(try await reserve() == ["예약하기"])
            let appointments = sprout.platform.appointments
            // 2026-01-02 10:00 UTC is 19:00 in Seoul.
            let meeting = try await appointments.propose(in: deal.conversation.id, by: deal.buyer.id, at: Appointments.time("2026-01-02T10:00:00Z"),
                                                         place: "망원역 2번 출구", on: sprout.app.db)
            #expect(try await reserve() == ["예약하기"], "a time only proposed is not yet the plan")
            _ = try await appointments.accept(meeting.id, in: deal.conversation.id, by: deal.seller.id, on: sprout.app.db)
            #expect(try await reserve() == ["약속대로 예약하기 (1월 2일 (금) 오후 7:00)"])
            #expect(try await sprout.details(of: deal.conversation.id, for: deal.buyer).actions.allSatisfy { !$0.path.hasSuffix("#trade") },
                    "the buyer does not reserve")
        }
    }

    @Test func aBuyerOffersTheSellerAcceptsAndItIsThePriceOfTheirTrade() async throws {
        try await withSprout { sprout in
            let deal = try await Self.haggle(sprout)
            let first = try await sprout.offer(25_000, in: deal.conversation.id, by: deal.buyer)
            #expect(first.status.code == 200, "\(first.body.string)")
            let offer = try first.decode(Market.Offer.self)
            #expect(offer.price == 25_000 && offer.state == .pending && offer.decidedAt == nil)
            #expect(offer.buyerID == deal.buyer.id && offer.productID == deal.product && offer.conversationID == deal.conversation.id)
            #expect(try await sprout.lines(in: deal.conversation.id, for: deal.buyer).last?.text == "💰 25,000원에 가격을 제안했어요")
            #expect(try await sprout.notifications(of: deal.seller, kind: "price_offer").first?.link == "/inbox/\(deal.conversation.webID)")

            let second = try await sprout.offer(24_000, in: deal.conversation.id, by: deal.buyer).decode(Market.Offer.self)
            let listed = try await sprout.send(.GET, "api/market/products/\(deal.product)/offers", headers: deal.seller.auth).decode(Market.OfferList.self)
            #expect(listed.offers.map(\.state) == [.pending, .withdrawn], "a new offer replaces the one still waiting")
            var details = try await sprout.details(of: deal.conversation.id, for: deal.seller)
            #expect(details.actions.map(\.ko).contains("제안 보기 (24,000원)"))

            let accepted = try await sprout.send(.POST, "api/market/offers/\(second.offerID)/accept", headers: deal.seller.auth)
            #expect(try accepted.decode(Market.Offer.self).state == .accepted)
            #expect(try await sprout.lines(in: deal.conversation.id, for: deal.buyer).last?.text == "✅ 24,000원 가격 제안을 수락했어요")
            #expect(try await sprout.notifications(of: deal.buyer, kind: "price_offer").count == 1)
            #expect(try await sprout.send(.POST, "api/market/offers/\(second.offerID)/accept", headers: deal.seller.auth).status.code == 409)
            #expect(try await sprout.send(.POST, "api/market/offers/\(second.offerID)/decline", headers: deal.seller.auth).status.code == 409)
            details = try await sprout.details(of: deal.conversation.id, for: deal.buyer)
            #expect(details.price == 24_000, "the header shows the accepted offer")

            _ = try await sprout.trade(.POST, "reservation", deal.product, by: deal.seller, json: Market.ReservationRequest(buyer: deal.buyer.id))
            #expect(try await sprout.lines(in: deal.conversation.id, for: deal.buyer).last?.text.hasSuffix("예약했어요 (24,000원)") == true)
            _ = try await sprout.trade(.POST, "sold", deal.product, by: deal.seller, json: Market.SoldRequest(buyer: deal.buyer.id))
            #expect(try await sprout.lines(in: deal.conversation.id, for: deal.buyer).last?.text == "🤝 거래가 완료됐어요 (24,000원)")
            details = try await sprout.details(of: deal.conversation.id, for: deal.buyer)
            #expect(details.price == 24_000 && details.actions.map(\.path) == ["/market/products/\(deal.product)/review"])
        }
    }

    @Test func ofTwoAcceptsAtOnceOneAccepts() async throws {
        try await withSprout { sprout in
            let deal = try await Self.haggle(sprout)
            let offer = try await sprout.offer(20_000, in: deal.conversation.id, by: deal.buyer).decode(Market.Offer.self)
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await sprout.send(.POST, "api/market/offers/\(offer.offerID)/accept", headers: deal.seller.auth).status.code }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [200, 409, 409, 409])
            #expect(try await sprout.notifications(of: deal.buyer, kind: "price_offer").count == 1)
        }
    }

    @Test func acceptingAnotherOfferDeclinesTheOneAcceptedBefore() async throws {
        try await withSprout { sprout in
            let deal = try await Self.haggle(sprout)
            let other = try await sprout.person("other")
            let theirs = try await sprout.open(deal.product, by: other).decode(Conversations.Conversation.self)
            let first = try await sprout.offer(20_000, in: deal.conversation.id, by: deal.buyer).decode(Market.Offer.self)
            let second = try await sprout.offer(22_000, in: theirs.id, by: other).decode(Market.Offer.self)
            _ = try await sprout.send(.POST, "api/market/offers/\(first.offerID)/accept", headers: deal.seller.auth)
            #expect(try await sprout.send(.POST, "api/market/offers/\(second.offerID)/accept", headers: deal.seller.auth).status.code == 200)
            let states = try await sprout.send(.GET, "api/market/products/\(deal.product)/offers", headers: deal.seller.auth).decode(Market.OfferList.self)
            #expect(states.offers.map(\.state) == [.accepted, .declined], "one accepted offer at a time")
            #expect(try await sprout.details(of: deal.conversation.id, for: deal.buyer).price == nil, "the first buyer pays the price again")
            #expect(try await sprout.lines(in: deal.conversation.id, for: deal.buyer).last?.text == "20,000원 가격 제안을 거절했어요")

            _ = try await sprout.trade(.POST, "sold", deal.product, by: deal.seller, json: Market.SoldRequest(buyer: nil))
            let after = try await sprout.send(.GET, "api/market/products/\(deal.product)/offers", headers: deal.seller.auth).decode(Market.OfferList.self)
            #expect(after.offers.allSatisfy { $0.state == .declined }, "sold elsewhere: every offer still open is declined")
        }
    }

    @Test func strangersAndTheWrongSideGetNothing() async throws {
        try await withSprout { sprout in
            let deal = try await Self.haggle(sprout)
            let stranger = try await sprout.person("stranger")
            let offer = try await sprout.offer(20_000, in: deal.conversation.id, by: deal.buyer).decode(Market.Offer.self)
            let strangers = [
                try await sprout.offer(20_000, in: deal.conversation.id, by: stranger),
                try await sprout.offer(20_000, in: "no-such-conversation", by: deal.buyer),
                try await sprout.offer(20_000, in: String(repeating: "x", count: 500), by: deal.buyer),
                try await sprout.send(.POST, "api/market/offers/\(offer.offerID)/accept", headers: stranger.auth),
                try await sprout.send(.POST, "api/market/offers/\(offer.offerID)/decline", headers: stranger.auth),
                try await sprout.send(.POST, "api/market/offers/999999/accept", headers: deal.seller.auth),
                try await sprout.send(.POST, "api/market/offers/99999999999999999999999/accept", headers: deal.seller.auth),
                try await sprout.send(.POST, "api/market/offers/abc/accept", headers: deal.seller.auth),
            ]
            for answer in strangers {
                #expect(answer.status.code == 404, "\(answer.body.string)")
                #expect(try answer.jsonObject()["error"] as? Bool == true)
            }
            #expect(try await sprout.send(.GET, "api/market/products/\(deal.product)/offers", headers: stranger.auth).status.code == 403)
            #expect(try await sprout.send(.POST, "api/market/offers/\(offer.offerID)/accept", headers: deal.buyer.auth).status.code == 403,
                    "the buyer cannot accept their own offer")
            #expect(try await sprout.offer(20_000, in: deal.conversation.id, by: deal.seller).status.code == 403, "the seller cannot offer")
            #expect(try await sprout.send(.POST, "api/conversations/\(deal.conversation.id)/offers", json: Market.OfferRequest(price: 1)).status.code == 401)
        }
    }

    static let hostile: [String] = [
        #"{"price":"25000"}"#, #"{"price":25000.5}"#, #"{"price":-1}"#, #"{"price":0}"#, #"{"price":1e30}"#,
        #"{"price":99999999999999999999999}"#, #"{"price":27000}"#, #"{"price":null}"#, #"{"price":true}"#, #"{}"#, #"[25000]"#, "price=25000", "",
    ]

    @Test func aPriceIsAWholeNumberOfWonBelowThePriceItSellsAt() async throws {
        try await withSprout { sprout in
            let deal = try await Self.haggle(sprout)
            for body in Self.hostile {
                let answer = try await sprout.send(.POST, "api/conversations/\(deal.conversation.id)/offers",
                                                   headers: deal.buyer.auth.merging(["Content-Type": "application/json"]) { $1 }, body: body)
                #expect(answer.status.code == 400, "\(body): \(answer.body.string)")
                #expect(try answer.jsonObject()["error"] as? Bool == true, "\(body)")
            }
            #expect(try await sprout.offer(26_999, in: deal.conversation.id, by: deal.buyer).status.code == 200, "one won under 27,000")
            #expect(try await sprout.offer(1, in: deal.conversation.id, by: deal.buyer).status.code == 200)
        }
    }

    @Test func offersWaitForAProductForSaleWhoseSellerTakesThem() async throws {
        try await withSprout { sprout in
            let giveaway = try await Self.haggle(sprout, shop: "nanum01", price: 0, discount: 0)
            #expect(try await sprout.offer(1, in: giveaway.conversation.id, by: giveaway.buyer).status.code == 409, "나눔 takes no offers")

            let deal = try await Self.haggle(sprout)
            let notTaking = try await sprout.registerProduct(by: try await sprout.makeVendor("pine12")).id
            let elsewhere = try await sprout.open(notTaking, by: deal.buyer).decode(Conversations.Conversation.self)
            #expect(try await sprout.offer(20_000, in: elsewhere.id, by: deal.buyer).status.code == 409, "the seller takes no offers")

            _ = try await sprout.trade(.POST, "reservation", deal.product, by: deal.seller, json: Market.ReservationRequest(buyer: deal.buyer.id))
            #expect(try await sprout.offer(20_000, in: deal.conversation.id, by: deal.buyer).status.code == 409, "reserved")
            _ = try await sprout.trade(.POST, "sold", deal.product, by: deal.seller, json: Market.SoldRequest(buyer: deal.buyer.id))
            let sold = try await sprout.offer(20_000, in: deal.conversation.id, by: deal.buyer)
            #expect(sold.status.code == 409 && sold.body.string.contains("reserved, sold or hidden"))
            let listed = try await sprout.send(.GET, "api/market/products/\(deal.product)/offers", headers: deal.seller.auth).decode(Market.OfferList.self)
            #expect(listed.offers.isEmpty, "nothing refused was stored")
        }
    }

    /// The conversation's page shows what the buyer pays now, the seller named with their shop,
    /// and the buyer's next step; after an accepted offer, its price.
    @Test func theConversationsHeaderShowsThePriceThisBuyerPays() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor).id
            try await sprout.allowOffers(on: product)
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "Buyer", "email": "buyer@sprout.test", "password": "long-password"], csrf: csrf)
            let opened = try await browser.post("/inbox", form: ["app": "market", "id": "\(product)", "text": "Hello", "back": "/market"], csrf: csrf)
            let page = try #require(opened.headers.first(name: .location))
            var html = String(buffer: try await browser.get(page).body)
            #expect(html.contains(#"<p class="price">27,000원</p>"#) && !html.contains("30,000원"), "the price it sells at, not the crossed-out one")
            #expect(html.contains(#"<span class="beside-name"> · acorn77</span>"#), "the seller's shop beside their name, as on the product's page")
            #expect(html.contains(#"href="/market/products/\#(product)/offers""#) && html.contains("가격 제안하기"))
            let detail = String(buffer: try await browser.get("/market/products/\(product)").body)
            #expect(detail.contains("acorn77@sprout.test · acorn77"), "the product's page names the seller the same way")

            #expect(try await browser.post("/market/products/\(product)/offers", form: ["price": "25,000원"], csrf: csrf).headers.first(name: .location) == page,
                    "an offer from the page goes back to the conversation")
            let refused = try await browser.post("/market/products/\(product)/offers", form: ["price": "30000"], csrf: csrf)
            #expect(refused.status.code == 400 && String(buffer: refused.body).contains("26,999원까지"))
            let sellerAuth = ["Authorization": "Bearer \(vendor.accessToken)"]
            let offers = try await sprout.send(.GET, "api/market/products/\(product)/offers", headers: sellerAuth).decode(Market.OfferList.self)
            #expect(try await sprout.send(.POST, "api/market/offers/\(try #require(offers.offers.first).offerID)/accept", headers: sellerAuth).status.code == 200)
            html = String(buffer: try await browser.get(page).body)
            #expect(html.contains(#"<p class="price">25,000원</p>"#) && !html.contains("27,000원"), "the accepted offer is this buyer's price")
        }
    }

    @Test func theWebSellFormAsksNoStockOrCurrencyAndTakesOffersWhenTicked() async throws {
        try await withSprout { sprout in
            let (browser, csrf) = try await MarketPagesTests().vendorBrowser(sprout)
            let form = String(buffer: try await browser.get("/market/sell").body)
            #expect(!form.contains(#"id="stock""#) && !form.contains(#"id="currency""#) && form.contains(#"id="allows_offers""#))
            let sold = try await browser.postMultipart("/market/sell", csrf: csrf) { body in
                for (name, value) in [("name", "Oak chair"), ("price", "0"), ("discounted_price", "0"), ("description", "Solid oak, lightly used."),
                                      ("allows_offers", "1")] {
                    body.add(name: name, Data(value.utf8))
                }
                body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
            }
            #expect(sold.status.code == 303)
            let id = try #require(sold.headers.first(name: .location)?.split(separator: "?").first?.split(separator: "/").last.flatMap { Int($0) })
            let detail = try await sprout.send(.GET, "api/products/\(id)").decode(Market.ProductDetail.self)
            #expect(detail.stock == 1 && detail.currency == .krw, "one item, in won; the contract still shows both")
            #expect(try await Product.find(id, on: sprout.app.db)?.allowsOffers == true)
            #expect(String(buffer: try await browser.get("/market/products/\(id)").body).contains("나눔"))

            let edited = try await browser.postMultipart("/market/products/\(id)/edit", csrf: csrf) { body in
                for (name, value) in [("name", "Oak chair"), ("price", "30000"), ("discounted_price", "0"), ("description", "Solid oak, lightly used.")] {
                    body.add(name: name, Data(value.utf8))
                }
            }
            #expect(edited.status.code == 303)
            #expect(try await Product.find(id, on: sprout.app.db)?.allowsOffers == false, "the box left empty")
            #expect(try await sprout.send(.GET, "api/products/\(id)").decode(Market.ProductDetail.self).stock == 1, "the stock kept")
        }
    }
}

extension TestSprout {
    /// The seller ticks "가격 제안 받기" (as the web form does).
    func allowOffers(on productID: Int) async throws {
        let product = try #require(try await Product.find(productID, on: app.db))
        product.allowsOffers = true
        try await product.save(on: app.db)
    }

    func offer(_ price: Int, in conversationID: String, by person: ProductConversationsTests.Person) async throws -> TestingHTTPResponse {
        try await send(.POST, "api/conversations/\(conversationID)/offers", headers: person.auth, json: Market.OfferRequest(price: price))
    }

    /// What the market adds to the conversation's page for `person`.
    func details(of conversationID: String, for person: ProductConversationsTests.Person) async throws -> ConversationDetails {
        let conversation = try await platform.messenger.conversation(conversationID, for: person.id, on: app.db)
        return try await platform.messenger.details(of: conversation, for: person.id, on: app.db)
    }
}
