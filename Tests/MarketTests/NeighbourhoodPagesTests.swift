import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 내 동네 on the web: the page that sets it, the browse page that starts from it, cards that say
/// where and how long ago, the product page's distance, 나눔 for a price of nothing, keywords.
@Suite struct NeighbourhoodPagesTests {
    /// A person signed up in a browser, with the CSRF token of its forms.
    func signedUpBrowser(_ sprout: TestSprout, name: String) async throws -> (WebClient, String) {
        let browser = WebClient(sprout)
        let csrf = try await browser.csrfToken(from: "/signup")
        try await browser.post("/signup", form: ["name": name, "email": "\(name)@sprout.test", "password": "long-password"], csrf: csrf)
        return (browser, csrf)
    }

    @Test func aPersonSetsVerifiesAndRangesTheirNeighbourhood() async throws {
        try await withSprout { sprout in
            let (mangwon, hapjeong, jamsil) = (try sprout.dong("망원제1동"), try sprout.dong("합정동"), try sprout.dong("잠실본동"))
            let (browser, csrf) = try await signedUpBrowser(sprout, name: "walker")
            let query = try #require("합정".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed))
            let search = String(buffer: try await browser.get("/market/neighbourhoods?q=\(query)").body)
            #expect(search.contains(#"id="no-neighbourhood""#) && search.contains(#"id="add-\#(hapjeong.code)""#))

            let added = try await browser.post("/market/neighbourhoods/add", form: ["code": hapjeong.code], csrf: csrf)
            #expect(added.status.code == 303)
            try await browser.post("/market/neighbourhoods/add", form: ["code": mangwon.code], csrf: csrf)
            let third = try await browser.post("/market/neighbourhoods/add", form: ["code": jamsil.code], csrf: csrf)
            #expect(third.status.code == 400 && String(buffer: third.body).contains("2곳까지"))

            let far = try await browser.post("/market/neighbourhoods/verify", form: ["code": hapjeong.code, "latitude": String(jamsil.lat),
                                                                                    "longitude": String(jamsil.long)], csrf: csrf)
            #expect(far.status.code == 400 && String(buffer: far.body).contains("km 떨어져 있어요"))
            let unknown = try await browser.post("/market/neighbourhoods/verify", form: ["code": hapjeong.code, "latitude": "", "longitude": ""], csrf: csrf)
            #expect(unknown.status.code == 400, "no position: the browser refused or has no script")
            let verified = try await browser.post("/market/neighbourhoods/verify", form: ["code": hapjeong.code, "latitude": String(hapjeong.lat),
                                                                                         "longitude": String(hapjeong.long)], csrf: csrf)
            #expect(verified.status.code == 303)
            try await browser.post("/market/neighbourhoods/range", form: ["range": "farther"], csrf: csrf)
            let page = String(buffer: try await browser.get("/market/neighbourhoods").body)
            #expect(page.contains(#"id="verified-\#(hapjeong.code)""#) && page.contains("동네 인증 완료 · "))
            #expect(page.contains(#"value="farther" checked"#), "the range chosen")
            #expect(page.contains("가까운 동네 · 3km") && page.contains("조금 먼 동네 · 6km") && page.contains("먼 동네 · 12km"))
            #expect(page.contains(#"id="make-current-\#(mangwon.code)""#), "the first added is current; the other may become it")
        }
    }

    @Test func browsingStartsAtMyNeighbourhoodAndSaysWhereAndWhen() async throws {
        try await withSprout { sprout in
            let (mangwon, hapjeong) = (try sprout.dong("망원제1동"), try sprout.dong("합정동"))
            let (_, vendor) = try await sprout.vendorNear(mangwon, name: "mangwon78")
            let chair = try await sprout.registerProduct(by: vendor, name: "Oak chair")
            let gift = try await sprout.registerProduct(by: vendor, name: "Spare pot", price: 0, discount: 0)
            sprout.clock.advance(by: 5 * 60)

            let signedOut = String(buffer: try await WebClient(sprout).get("/market").body)
            #expect(!signedOut.contains(#"id="neighbourhood-bar""#), "signed out: the list as it was")
            #expect(signedOut.contains("망원제1동 · "), "cards say the 동")

            let (browser, csrf) = try await signedUpBrowser(sprout, name: "hapjeong9")
            try await browser.post("/market/neighbourhoods/add", form: ["code": hapjeong.code], csrf: csrf)
            let list = String(buffer: try await browser.get("/market").body)
            #expect(list.contains("합정동 근처") && list.contains(#"id="range-chips""#))
            #expect(list.contains(#"data-id="\#(chair.id)""#) && list.contains("망원제1동 · ") && list.contains("5분 전"))
            #expect(list.contains(#"class="selling-price giveaway">나눔<"#), "a price of nothing is 나눔, not 0원")
            let giveaways = String(buffer: try await browser.get("/market?giveaway=1").body)
            #expect(giveaways.contains(#"data-id="\#(gift.id)""#) && !giveaways.contains(#"data-id="\#(chair.id)""#))
            let everywhere = String(buffer: try await browser.get("/market?range=all").body)
            #expect(everywhere.contains(#"data-range="all" aria-current="true""#) || everywhere.contains(#"aria-current="true">전체<"#))

            let detail = String(buffer: try await browser.get("/market/products/\(chair.id)").body)
            #expect(detail.contains("망원제1동 · 0.6km"))
        }
    }

    @Test func keywordsAreKeptOnTheirPage() async throws {
        try await withSprout { sprout in
            let (browser, csrf) = try await signedUpBrowser(sprout, name: "keeper1")
            #expect(try await browser.post("/market/keywords", form: ["keyword": "자전거"], csrf: csrf).status.code == 303)
            #expect(try await browser.post("/market/keywords", form: ["keyword": ""], csrf: csrf).status.code == 400)
            let page = String(buffer: try await browser.get("/market/keywords").body)
            #expect(page.contains(#"data-keyword="자전거""#) && page.contains("1/30") && page.contains(#"id="keywords-need-neighbourhood""#))
            try await browser.post("/market/keywords/remove", form: ["keyword": "자전거"], csrf: csrf)
            #expect(!String(buffer: try await browser.get("/market/keywords").body).contains(#"data-keyword="자전거""#))
        }
    }
}
