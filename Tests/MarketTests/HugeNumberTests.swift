import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing

/// Numbers no client can mean: the web forms once trapped converting a stock of `1e19` to Int,
/// taking the whole process down. They are refused by field, on every path, and store nothing.
@Suite struct HugeNumberTests {
    static let huge = ["1e19", "-1e19", "1e308", "9999999999999999999999", "1e15"]

    /// The sell form as a page sends it; a `stock` sent anyway (the form asks none) is never read.
    static func sellForm(_ body: inout MultipartBody, price: String = "30000", stock: String) {
        for (name, value) in [("name", "Oak chair"), ("price", price), ("currency", "KRW"), ("discounted_price", "0"), ("stock", stock), ("description", "Solid oak, lightly used.")] {
            body.add(name: name, Data(value.utf8))
        }
        body.add(name: "images", filename: "chair.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
    }

    @Test(arguments: huge)
    func theRulesRefuseEveryHugeNumber(text: String) {
        let draft = Market.ProductDraft(name: "Oak chair", description: "Solid oak, lightly used.", price: text, discountedPrice: text, stock: text, imageCount: 1)
        let found = Market.ProductRules.dotori.violations(of: draft)
        #expect(found[.price] != nil && found[.stock] != nil, "\(found)")
    }

    @Test func aStockBeyondAnyIntConvertsWithoutTrapping() {
        let draft = Market.ProductDraft(name: "Oak chair", description: "Solid oak, lightly used.", price: "1", stock: "1e19", imageCount: 1)
        #expect(Market.ProductParams(draft: draft).stock == 0)
    }

    @Test func theLargestNumberPasses() {
        let largest = "999,999,999,999,999"
        let draft = Market.ProductDraft(name: "Oak chair", description: "Solid oak, lightly used.", price: largest, discountedPrice: "0", stock: largest, imageCount: 1)
        #expect(Market.ProductRules.dotori.violations(of: draft).isEmpty)
        #expect(Market.ProductParams(draft: draft).stock == 999_999_999_999_999)
    }

    @Test func theSellFormRefusesHugeNumbersByField() async throws {
        try await withSprout { sprout in
            let (browser, csrf) = try await MarketPagesTests().vendorBrowser(sprout)
            for text in Self.huge {
                let response = try await browser.postMultipart("/market/sell", csrf: csrf) { Self.sellForm(&$0, price: text, stock: text) }
                #expect(response.status.code == 400, "\(text)")
                let html = String(buffer: response.body)
                #expect(html.contains("이하로 입력해 주세요") || html.contains("0 이상이어야 해요") || html.contains("숫자로 입력해 주세요"), "\(text)")
            }
            #expect(sprout.marketFiles.isEmpty)
            let page = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self)
            #expect(page.totalCount == 0)
        }
    }

    @Test func theEditFormRefusesHugeNumbersAndKeepsTheProduct() async throws {
        try await withSprout { sprout in
            let (browser, csrf) = try await MarketPagesTests().vendorBrowser(sprout)
            let created = try await browser.postMultipart("/market/sell", csrf: csrf) { Self.sellForm(&$0, stock: "4") }
            let location = try #require(created.headers.first(name: .location)?.split(separator: "?").first.map(String.init))
            for text in Self.huge {
                let form = ["name": "Oak chair", "price": text, "currency": "KRW", "discounted_price": "0", "stock": text, "description": "Solid oak, lightly used."]
                let response = try await browser.post(location + "/edit", form: form, csrf: csrf)
                #expect(response.status.code == 400, "\(text)")
            }
            let id = try #require(location.split(separator: "/").last.map(String.init))
            let detail = try await sprout.send(.GET, "api/products/\(id)").decode(Market.ProductDetail.self)
            #expect((detail.price, detail.stock) == (30000, 1), "a second-hand item sold on the web is one in stock")
        }
    }
}
