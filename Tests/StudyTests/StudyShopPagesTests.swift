import Fluent
import Foundation
@testable import Study
import SproutTestSupport
import Testing
import Vapor

/// The 새싹샵 page: preview, owned badges, a pretend purchase through development receipts, and
/// saving the shown face and background.
@Suite struct StudyShopPagesTests {
    @Test func aLearnerBuysPreviewsAndSaves() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyBrowser(phone: "01030000051", nick: "쇼핑")
            let b = try await sprout.studyBrowser(phone: "01030000052", nick: "구경")
            let first = try await a.page("/study/shop")
            #expect(first.0 == 200 && first.1.contains(#"id="shop-preview" class="shop-preview" data-sesac="0" data-background="0""#))
            #expect(first.1.contains("보유") && first.1.contains("2,500원"), "prices say their currency")

            #expect(try await a.post("/study/shop/save", ["sesac": "2", "background": "0"]).2 == "/study/shop?sesac=2&background=0&notice=not-owned")
            // A price buys nothing by itself: it asks first, naming the item and its price.
            #expect(try await a.post("/study/shop/buy", ["product": "com.memolease.sesac1.sprout2"]).2 == "/study/shop/buy?product=com.memolease.sesac1.sprout2")
            let asked = try await a.page("/study/shop/buy?product=com.memolease.sesac1.sprout2").1
            #expect(asked.contains(#"id="confirm-purchase""#) && asked.contains("원"))
            #expect(try await a.web.get("/study/shop/buy?product=com.example.elsewhere").headers.first(name: .location) == "/study/shop")
            #expect(try await a.post("/study/shop/buy", ["product": "com.memolease.sesac1.sprout2", "confirm": "yes"]).2 == "/study/shop?notice=bought")
            #expect(try await a.post("/study/shop/buy", ["product": "com.example.elsewhere", "confirm": "yes"]).0 == 400)
            let preview = try await a.page("/study/shop?sesac=2&background=0").1
            #expect(preview.contains(#"data-sesac="2""#) && preview.contains(#"id="shop-face-2""#))
            #expect(try await a.post("/study/shop/save", ["sesac": "2", "background": "0"]).2 == "/study/shop?notice=saved")
            #expect(try await a.post("/study/shop/save", ["sesac": "99999999999999999999", "background": "0"]).0 == 400)
            let myInfo = try await a.page("/study/me").1
            #expect(myInfo.contains(#"data-sesac="2" data-background="0""#) && myInfo.contains(#"id="my-shop-link" href="/study/shop""#), "my info shows the saved pair")

            let mine = try #require(try await StudyProfile.query(on: sprout.app.db).filter(\.$nick == "쇼핑").first())
            #expect(mine.sesac == 2 && mine.sesacCollection == [0, 2] && mine.transactionIDs.count == 1)
            let theirs = try #require(try await StudyProfile.query(on: sprout.app.db).filter(\.$nick == "구경").first())
            #expect(theirs.sesac == 0 && theirs.sesacCollection == [0], "another learner's shop is untouched")
            #expect(try await b.page("/study/shop?sesac=abc&background=-3").1.contains(#"data-sesac="0" data-background="0""#), "a bad preview shows my own")
        }
    }

}
