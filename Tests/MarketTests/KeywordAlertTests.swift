import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 키워드 알림 through `/api/market/keywords`: up to 30 words; a new product within my range whose
/// name holds one tells me once, merged with the others for that word while I have not read it.
@Suite struct KeywordAlertTests {
    @Test func aKeywordAlertArrivesOnceAndMergesWithTheNext() async throws {
        try await withSprout { sprout in
            let (mangwon, hapjeong) = (try sprout.dong("망원제1동"), try sprout.dong("합정동"))
            let buyer = try await sprout.person("buyer")
            _ = try await sprout.setNeighbourhoods(buyer, codes: [hapjeong.code])
            #expect(try await sprout.addKeyword(buyer, "  자전거 ").status.code == 200)
            let (_, vendor) = try await sprout.vendorNear(mangwon, name: "bikes77")
            _ = try await sprout.registerProduct(by: vendor, name: "삼천리 자전거 팝니다")
            var alerts = try await sprout.keywordAlerts(of: buyer)
            #expect(alerts.count == 1)
            let first = try #require(alerts.first)
            #expect(first.text == "‘자전거’ 새 글: 삼천리 자전거 팝니다" && !first.read && first.app == "market")
            #expect(first.link.removingPercentEncoding == "/market/keywords?keyword=자전거", "to what the keyword found")

            _ = try await sprout.registerProduct(by: vendor, name: "어린이 자전거")
            _ = try await sprout.registerProduct(by: vendor, name: "Desk lamp")
            alerts = try await sprout.keywordAlerts(of: buyer)
            #expect(alerts.map(\.text) == ["‘자전거’ 새 글 2개"], "merged while unread; a name without the word tells nothing")
        }
    }

    @Test func neitherTheSellerNorSomeoneOutOfRangeIsAlerted() async throws {
        try await withSprout { sprout in
            let (mangwon, jamsil) = (try sprout.dong("망원제1동"), try sprout.dong("잠실본동"))
            let (seller, vendor) = try await sprout.vendorNear(mangwon, name: "bikes78")
            _ = try await sprout.addKeyword(seller, "자전거")
            let far = try await sprout.person("far")
            _ = try await sprout.setNeighbourhoods(far, codes: [jamsil.code], range: "farthest")
            _ = try await sprout.addKeyword(far, "자전거")
            let nowhere = try await sprout.person("nowhere")
            _ = try await sprout.addKeyword(nowhere, "자전거")
            let near = try await sprout.person("near")
            _ = try await sprout.setNeighbourhoods(near, codes: [mangwon.code])
            _ = try await sprout.addKeyword(near, "BIKE")
            _ = try await sprout.registerProduct(by: vendor, name: "자전거 Bike")
            #expect(try await sprout.keywordAlerts(of: seller).isEmpty, "not the seller")
            #expect(try await sprout.keywordAlerts(of: far).isEmpty, "not beyond the range")
            #expect(try await sprout.keywordAlerts(of: nowhere).isEmpty, "not without a 동네")
            #expect(try await sprout.keywordAlerts(of: near).map(\.text) == ["‘bike’ 새 글: 자전거 Bike"], "in any case")
        }
    }

    @Test func thirtyKeywordsAtMostEachOnce() async throws {
        try await withSprout { sprout in
            let me = try await sprout.person("me")
            for index in 1...30 {
                #expect(try await sprout.addKeyword(me, "word\(index)").status.code == 200)
            }
            let again = try await sprout.addKeyword(me, "WORD1")
            #expect(try again.status.code == 200 && again.decode(Market.KeywordList.self).keywords.count == 30, "one I have is kept as it is")
            let refused = try await sprout.addKeyword(me, "word31")
            #expect(refused.status.code == 409)
            #expect(try await sprout.addKeyword(me, "   ").status.code == 400)
            #expect(try await sprout.addKeyword(me, String(repeating: "가", count: 21)).status.code == 400)

            let removed = try await sprout.send(.DELETE, "api/market/keywords/word30", headers: me.auth)
            #expect(try removed.decode(Market.KeywordList.self).keywords.count == 29)
            #expect(try await sprout.addKeyword(me, "자전거").status.code == 200)
            let list = try await sprout.send(.GET, "api/market/keywords", headers: me.auth).decode(Market.KeywordList.self)
            #expect(list.limit == 30 && list.keywords.first?.keyword == "word1" && list.keywords.last?.keyword == "자전거")
            let encoded = try #require("자전거".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
            #expect(try await sprout.send(.DELETE, "api/market/keywords/\(encoded)", headers: me.auth).status.code == 200, "percent-decoded")
            #expect(try await sprout.send(.DELETE, "api/market/keywords/\(encoded)", headers: me.auth).status.code == 404)

            let other = try await sprout.person("other")
            #expect(try await sprout.send(.GET, "api/market/keywords", headers: other.auth).decode(Market.KeywordList.self).keywords.isEmpty)
            #expect(try await sprout.send(.DELETE, "api/market/keywords/word1", headers: other.auth).status.code == 404, "not another person's")
            #expect(try await sprout.send(.GET, "api/market/keywords").status.code == 401)
        }
    }
}

extension TestSprout {
    func addKeyword(_ person: ProductConversationsTests.Person, _ keyword: String) async throws -> TestingHTTPResponse {
        try await send(.POST, "api/market/keywords", headers: person.auth, json: Market.KeywordRequest(keyword: keyword))
    }

    func keywordAlerts(of person: ProductConversationsTests.Person) async throws -> [Notifications.Item] {
        try await send(.GET, "api/notifications", headers: person.auth).decode(Notifications.Page.self).notifications
            .filter { $0.kind == Notifications.Kind.keywordAlert.rawValue }
    }
}
