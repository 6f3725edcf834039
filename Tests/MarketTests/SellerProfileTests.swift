import Foundation
import SproutAPI
import SproutTestSupport
import Testing

extension MarketPagesTests {
    @Test func aProductLeadsToItsSellersProfileWithTheirOtherProducts() async throws {
        try await withSprout { (sprout) async throws in
            let acorn = try await sprout.makeVendor("acorn77")
            let chair = try await sprout.registerProduct(by: acorn, name: "Oak chair")
            _ = try await sprout.registerProduct(by: acorn, name: "Pine table")
            _ = try await sprout.registerProduct(by: try await sprout.makeVendor("pine12"), name: "Someone else's lamp")
            let browser = WebClient(sprout)

            let detail = String(buffer: try await browser.get("/market/products/\(chair.id)").body)
            #expect(detail.contains(#"id="seller-link" href="/market/vendors/\#(chair.vendorID)""#))
            let profile = try await browser.get("/market/vendors/\(chair.vendorID)")
            #expect(profile.status == .ok)
            let html = String(buffer: profile.body)
            #expect(html.contains(#"id="seller-name">acorn77@sprout.test · acorn77<"#) && html.contains("판매 상품 2개"), "the person, their shop beside them")
            #expect(html.contains("Oak chair") && html.contains("Pine table") && !html.contains("Someone else"))
            let pine = try #require(html.range(of: "Pine table")), oak = try #require(html.range(of: "Oak chair"))
            #expect(pine.lowerBound < oak.lowerBound, "newest first")

            for missing in ["/market/vendors/999999", "/market/vendors/not-a-number", "/market/vendors/99999999999999999999999"] {
                let answer = try await browser.get(missing)
                #expect(answer.status == .notFound && String(buffer: answer.body).contains("페이지를 찾을 수 없어요"), "\(missing)")
            }
        }
    }
}
