import Fluent
import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// The trade told where people talk: reserving, releasing, selling and selling elsewhere are
/// lines in the conversation with each person concerned and notifications to them; after a sale
/// to a buyer both sides are asked for their review.
@Suite struct TradeNewsTests {
    typealias Person = ProductConversationsTests.Person

    @Test func eachStepIsALineInTheBuyersConversationAndANotificationThatOpensIt() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("민수")
            let other = try await sprout.person("지연")
            let mine = try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self)
            let theirs = try await sprout.open(product, by: other).decode(Conversations.Conversation.self)

            #expect(try await sprout.trade(.POST, "reservation", product, by: seller, json: Market.ReservationRequest(buyer: buyer.id)).status.code == 200)
            var lines = try await sprout.lines(in: mine.id, for: buyer)
            #expect(lines.last?.text == "📌 ‘Oak chair’을(를) 민수님에게 예약했어요 (27,000원)", "the price it sells at, after its discount")
            #expect(lines.last?.senderID == seller.id, "written by the seller")
            var news = try await sprout.notifications(of: buyer, kind: "trade_news")
            #expect(news.first?.link == "/inbox/\(mine.webID)", "the notification opens the conversation")
            #expect(news.first?.text == "acorn77@sprout.test님이 ‘Oak chair’을(를) 회원님에게 예약했어요")

            #expect(try await sprout.trade(.DELETE, "reservation", product, by: seller).status.code == 200)
            #expect(try await sprout.lines(in: mine.id, for: buyer).last?.text == "↩️ 예약을 취소했어요")

            #expect(try await sprout.trade(.POST, "sold", product, by: seller, json: Market.SoldRequest(buyer: buyer.id)).status.code == 200)
            lines = try await sprout.lines(in: mine.id, for: buyer)
            #expect(lines.last?.text == "🤝 거래가 완료됐어요 (27,000원)")
            news = try await sprout.notifications(of: buyer, kind: "trade_news")
            #expect(news.count == 3, "reserved, released, sold")
            #expect(try await sprout.lines(in: theirs.id, for: other).last?.text == "다른 분과 거래가 완료됐어요", "everyone else who asked")
            #expect(try await sprout.notifications(of: other, kind: "trade_news").map(\.text) == ["‘Oak chair’ 거래가 다른 분과 완료됐어요"])

            for person in [buyer, seller] {
                let asked = try await sprout.notifications(of: person, kind: "review_request")
                #expect(asked.map(\.link) == ["/market/products/\(product)/review"], "each side is asked for a review once")
            }
            #expect(try await sprout.notifications(of: other, kind: "review_request").isEmpty)
            let review = Market.TradeReviewRequest(rating: "great", text: "", tags: [])
            #expect(try await sprout.trade(.POST, "reviews", product, by: seller, json: review).status.code == 200)
            #expect(try await sprout.notifications(of: seller, kind: "review_request").map(\.read) == [true], "answered by reviewing")
            #expect(try await sprout.notifications(of: buyer, kind: "review_request").map(\.read) == [false], "the buyer has yet to review")
            #expect(try await sprout.notifications(of: buyer, kind: "message").isEmpty, "the seller's lines notify as trade news, not as messages")

            #expect(try await sprout.trade(.POST, "sold", product, by: seller, json: Market.SoldRequest(buyer: buyer.id)).status.code == 200)
            #expect(try await sprout.lines(in: mine.id, for: buyer).count == lines.count, "marking it sold again tells nothing new")
        }
    }

    @Test func soldElsewhereTellsEveryoneWhoAskedAndAsksNobodyForAReview() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let first = try await sprout.person("first")
            let second = try await sprout.person("second")
            let conversations = [
                try await sprout.open(product, by: first).decode(Conversations.Conversation.self),
                try await sprout.open(product, by: second).decode(Conversations.Conversation.self),
            ]
            _ = try await sprout.trade(.POST, "reservation", product, by: seller, json: Market.ReservationRequest(buyer: first.id))
            #expect(try await sprout.trade(.POST, "sold", product, by: seller, json: Market.SoldRequest(buyer: nil)).status.code == 200)
            for (person, conversation) in zip([first, second], conversations) {
                #expect(try await sprout.lines(in: conversation.id, for: person).last?.text == "다른 분과 거래가 완료됐어요")
                #expect(try await sprout.notifications(of: person, kind: "review_request").isEmpty)
            }
            #expect(try await sprout.notifications(of: seller, kind: "review_request").isEmpty)
        }
    }

    /// Telling never fails the trade: with the chat closed by a block, the notification still
    /// tells, and leads to the product instead.
    @Test func aBlockedChatLeavesTheTradeAndItsNotificationStanding() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            _ = try await sprout.open(product, by: buyer)
            _ = try await sprout.send(.POST, "api/blocks", headers: buyer.auth, json: Conversations.BlockRequest(account: seller.id))
            let reserved = try await sprout.trade(.POST, "reservation", product, by: seller, json: Market.ReservationRequest(buyer: buyer.id))
            #expect(reserved.status.code == 200)
            #expect(try await sprout.notifications(of: buyer, kind: "trade_news").map(\.link) == ["/market/products/\(product)"])
        }
    }
}

extension TestSprout {
    /// One of Sprout's trade calls on `product` (`reservation`, `sold`, …) as `person`.
    func trade(_ method: HTTPMethod, _ step: String, _ product: Int, by person: ProductConversationsTests.Person,
               json: (any Encodable)? = nil) async throws -> TestingHTTPResponse {
        try await send(method, "api/market/products/\(product)/\(step)", headers: person.auth, json: json)
    }

    /// The conversation's messages as `person` reads them, oldest first.
    func lines(in conversationID: String, for person: ProductConversationsTests.Person) async throws -> [Conversations.Message] {
        try await platform.messenger.messages(in: conversationID, for: person.id, before: nil, limit: 50, on: app.db).messages.reversed()
    }

    /// `person`'s notifications of `kind`, newest first, in Korean.
    func notifications(of person: ProductConversationsTests.Person, kind: String) async throws -> [Notifications.Item] {
        try await send(.GET, "api/notifications", headers: person.auth).decode(Notifications.Page.self).notifications.filter { $0.kind == kind }
    }
}
