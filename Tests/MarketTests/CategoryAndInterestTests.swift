import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing

extension MarketPagesTests {
    @Test func aSellerFilesAProductUnderACategoryAndBuyersBrowseByIt() async throws {
        try await withSprout { (sprout) async throws in
            let (browser, csrf) = try await vendorBrowser(sprout)
            let form = String(buffer: try await browser.get("/market/sell").body)
            #expect(form.contains(#"<select id="category" name="category""#) && form.contains(#"<option value="digital">디지털기기</option>"#))
            func sell(_ name: String, category: String) async throws -> (status: UInt, body: String) {
                let answer = try await sellOnTheWeb(browser, csrf: csrf, name: name, category: category)
                return (answer.status, answer.body)
            }
            let refused = try await sell("Mystery box", category: "weapons")
            #expect(refused.status == 400 && refused.body.contains("목록에 있는 카테고리를 골라 주세요."))
            #expect(try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self).totalCount == 0, "nothing refused is listed")

            #expect(try await sell("Galaxy tablet", category: "digital").status == 303)
            #expect(try await sell("Oak bookshelf", category: "furniture").status == 303)
            _ = try await sprout.registerProduct(by: try await sprout.makeVendor("api-seller"), name: "API kettle")

            let digital = String(buffer: try await browser.get("/market?category=digital").body)
            #expect(digital.contains("Galaxy tablet") && !digital.contains("Oak bookshelf") && !digital.contains("API kettle"))
            #expect(digital.contains("상품 1개") && digital.contains(#"data-category="digital" aria-current="true""#))
            let other = String(buffer: try await browser.get("/market?category=other").body)
            #expect(other.contains("API kettle") && !other.contains("Galaxy tablet"), "a product listed through the API is 기타")
            let searched = String(buffer: try await browser.get("/market?category=furniture&q=tablet").body)
            #expect(searched.contains("상품 0개"), "a search stays within its category")
            let unknown = String(buffer: try await browser.get("/market?category=%27%3B--").body)
            #expect(unknown.contains("상품 3개"), "an unknown category lists everything")

            let tabletID = try #require(digital.firstMatch(of: /data-id="(\d+)"/)?.1).description
            let detail = String(buffer: try await browser.get("/market/products/\(tabletID)").body)
            #expect(detail.contains(#"<a id="product-category" href="/market?category=digital">디지털기기</a>"#))
            let edit = String(buffer: try await browser.get("/market/products/\(tabletID)/edit").body)
            #expect(edit.contains(#"<option value="digital" selected"#))
            let moved = try await browser.postMultipart("/market/products/\(tabletID)/edit", csrf: csrf) { body in
                Self.addProductFields(to: &body, name: "Galaxy tablet")
                body.add(name: "category", Data("books".utf8))
            }
            #expect(moved.status.code == 303)
            #expect(String(buffer: try await browser.get("/market?category=books").body).contains("Galaxy tablet"))
            let kept = try await browser.post("/market/products/\(tabletID)/edit", form: [
                "name": "Galaxy tablet", "price": "30000", "currency": "KRW", "discounted_price": "3000", "stock": "2", "description": "Solid oak, lightly used.",
            ], csrf: csrf)
            #expect(kept.status.code == 303)
            #expect(String(buffer: try await browser.get("/market?category=books").body).contains("Galaxy tablet"), "an old form without the field keeps the category")
        }
    }

    @Test func likesAndDistinctViewersAreCountedButNotTheSellersOwnVisits() async throws {
        try await withSprout { (sprout) async throws in
            let (seller, csrf) = try await vendorBrowser(sprout)
            let sold = try await sellOnTheWeb(seller, csrf: csrf, name: "Walnut desk", category: "furniture")
            let id = try #require(sold.location?.split(separator: "?").first?.split(separator: "/").last.map(String.init))
            let path = "/market/products/\(id)"
            func interest(_ browser: WebClient, _ page: String = path) async throws -> String {
                let html = String(buffer: try await browser.get(page).body)
                return html.firstMatch(of: /관심 \d+ · 조회 \d+/).map { String($0.0) } ?? "none"
            }
            #expect(try await interest(seller) == "관심 0 · 조회 0", "the seller's own visits never count")

            let stranger = WebClient(sprout)
            #expect(try await interest(stranger) == "관심 0 · 조회 0", "a first request without cookies cannot be told from the next")
            #expect(try await interest(stranger) == "관심 0 · 조회 1")
            #expect(try await interest(stranger) == "관심 0 · 조회 1", "reloading adds nothing")

            let fan = WebClient(sprout)
            let fanCSRF = try await fan.csrfToken(from: "/signup")
            try await fan.post("/signup", form: ["name": "Fan", "email": "fan@sprout.test", "password": "long-password"], csrf: fanCSRF)
            try await fan.post("\(path)/like", form: [:], csrf: fanCSRF)
            #expect(try await interest(fan) == "관심 1 · 조회 2")
            #expect(try await interest(fan, "/market") == "관심 1 · 조회 2", "the card in the list counts too")
            #expect(try await interest(seller, "/market/mine") == "관심 1 · 조회 2", "the seller sees how their product does")
            stranger.language = "en"
            #expect(String(buffer: try await stranger.get(path).body).contains("1 like · 2 views"))
        }
    }

    @Test func aBuyerReportsAListingOnceAndItsSellerCannot() async throws {
        try await withSprout { (sprout) async throws in
            let (seller, sellerCSRF) = try await vendorBrowser(sprout)
            let sold = try await sellOnTheWeb(seller, csrf: sellerCSRF, name: "Too good to be true", category: "digital")
            let path = try #require(sold.location?.split(separator: "?").first.map(String.init))
            let mine = String(buffer: try await seller.get(path).body)
            #expect(!mine.contains(#"id="report-link""#), "no report link on one's own listing")
            #expect(try await seller.get(path + "/report").status.code == 403)
            #expect(try await seller.post(path + "/report", form: ["reason": "fraud"], csrf: sellerCSRF).status.code == 403)

            let anonymous = WebClient(sprout)
            #expect(try await anonymous.get(path + "/report").headers.first(name: .location)?.hasPrefix("/login?next=") == true)

            let buyer = WebClient(sprout)
            let csrf = try await buyer.csrfToken(from: "/signup")
            try await buyer.post("/signup", form: ["name": "Careful", "email": "careful@sprout.test", "password": "long-password"], csrf: csrf)
            let detail = String(buffer: try await buyer.get(path).body)
            #expect(detail.contains(#"<a id="report-link" href="\#(path)/report">신고하기</a>"#))
            let form = String(buffer: try await buyer.get(path + "/report").body)
            #expect(form.contains(#"id="reason-fraud""#) && form.contains("Too good to be true"))
            let refused = try await buyer.post(path + "/report", form: ["reason": "<script>", "note": "선입금 요구"], csrf: csrf)
            #expect(refused.status.code == 400)
            #expect(String(buffer: refused.body).contains("신고 사유를 골라 주세요.") && String(buffer: refused.body).contains(">선입금 요구</textarea>"))
            #expect(try await buyer.post(path + "/report", form: ["reason": "fraud"]).status.code == 403, "CSRF applies")
            let filed = String(buffer: try await buyer.post(path + "/report", form: ["reason": "fraud", "note": "선입금 요구"], csrf: csrf).body)
            #expect(filed.contains("신고가 접수됐어요"))
            let again = String(buffer: try await buyer.post(path + "/report", form: ["reason": "spam"], csrf: csrf).body)
            #expect(again.contains("이미 신고한 글이에요"))
            let cases = try await ReportDesk(clock: sprout.platform.clock).cases(on: sprout.app.db)
            #expect(cases.count == 1 && cases.first?.path == path && cases.first?.reasons == [.fraud: 1] && cases.first?.notes == ["선입금 요구"])
            #expect(try await buyer.get("/market/products/999999/report").status.code == 404)
        }
    }

    /// Lists a product through the web's sell form with one photo.
    func sellOnTheWeb(_ browser: WebClient, csrf: String, name: String, category: String) async throws -> (status: UInt, body: String, location: String?) {
        let answer = try await browser.postMultipart("/market/sell", csrf: csrf) { body in
            Self.addProductFields(to: &body, name: name)
            body.add(name: "category", Data(category.utf8))
            body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
        }
        return (answer.status.code, String(buffer: answer.body), answer.headers.first(name: .location))
    }
}

@Suite struct DemoMarketTests {
    /// A newcomer's first look: every demo product has a photo drawn for its category, each a
    /// real JPEG, and the category filter finds them.
    @Test func theDemoMarketIsIllustratedByCategory() async throws {
        try await withSprout(demoData: true) { (sprout) async throws in
            let page = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=100").decode(Market.Page.self)
            #expect(page.totalCount == 30 && page.pages.allSatisfy { !$0.thumbnail.isEmpty })
            let first = try await sprout.send(.GET, "api/products/\(try #require(page.pages.last?.id))").decode(Market.ProductDetail.self)
            let path = try #require(first.images.first.map { URL(string: $0.url)?.path ?? "" })
            let photo = try await sprout.send(.GET, String(path.dropFirst()))
            #expect(photo.status.code == 200 && photo.headers.contentType == .jpeg)
            let browser = WebClient(sprout)
            for category in ["digital", "furniture", "living", "clothing", "books", "hobby", "beauty"] {
                #expect(!String(buffer: try await browser.get("/market?category=\(category)").body).contains("상품 0개"), "\(category) has demo products")
            }
        }
    }
}
