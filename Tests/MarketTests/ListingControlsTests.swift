import Fluent
import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 끌올 and 숨기기 through `/api/market` and on the product page, my products by tab and 구매내역:
/// a seller bumps a product for sale to the top once every three days, hides it from every public
/// list and shows it again; a buyer sees what was sold to them.
@Suite struct ListingControlsTests {
    static let day: TimeInterval = 86_400

    @Test func aBumpBringsAProductToTheTopOnceEveryThreeDays() async throws {
        try await withSprout { sprout in
            let (vendor, seller, older) = try await sprout.vendorWithProduct()
            let newer = try await sprout.registerProduct(by: vendor, name: "Walnut desk").id
            #expect(try await sprout.webOrder() == [newer, older])
            let bump = { (auth: [String: String]) in try await sprout.send(.POST, "api/market/products/\(older)/bump", headers: auth) }

            let early = try await bump(seller.auth)
            #expect(early.status.code == 409, "listing counts as the last bump")
            let refusal = try early.decode(Market.BumpRefusal.self)
            #expect(refusal.error && refusal.nextBumpAt == "2026-01-04T00:00:00Z" && !refusal.reason.isEmpty)

            sprout.clock.advance(by: 3 * Self.day + 1)
            let auth = try await sprout.freshAuth(of: seller.id)
            let bumped = try await bump(auth)
            #expect(try bumped.decode(Market.Bump.self) == .init(id: older, bumpedAt: "2026-01-04T00:00:01Z", nextBumpAt: "2026-01-07T00:00:01Z"))
            #expect(try await sprout.webOrder() == [older, newer], "the bumped product leads the web's list")
            let contract = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self)
            #expect(contract.pages.map(\.id) == [newer, older], "the published list keeps its order")

            let again = try await bump(auth)
            #expect(try again.status.code == 409 && again.decode(Market.BumpRefusal.self).nextBumpAt == "2026-01-07T00:00:01Z")

            let (browser, _) = try await sprout.browser(signedInAs: seller.id)
            let page = String(buffer: try await browser.get("/market/products/\(older)").body)
            #expect(page.contains("끌어올리기 (3일에 한 번)") && page.contains("1월 7일 오전 9:01부터 다시 끌어올릴 수 있어요"))
            #expect(page.contains(/<button id="bump-button"[^>]*disabled/), "a bump not yet allowed is not offered")
            browser.language = "en"
            let english = String(buffer: try await browser.get("/market/products/\(older)").body)
            #expect(english.contains("Bump to top (once every 3 days)") && english.contains("You can bump it again from Jan 7, 9:01 AM"))
            #expect(!String(buffer: try await WebClient(sprout).get("/market/products/\(older)").body).contains("bump-form"), "only the seller sees the controls")

            sprout.clock.advance(by: 3 * Self.day)
            let ready = String(buffer: try await browser.get("/market/products/\(newer)").body)
            #expect(ready.contains(#"id="bump-form""#) && !ready.contains(/<button id="bump-button"[^>]*disabled/) && !ready.contains("bump-hint"))
        }
    }

    @Test func theSellerBumpsOnTheWebAndIsToldWhenNotYet() async throws {
        try await withSprout { sprout in
            let (vendor, seller, older) = try await sprout.vendorWithProduct()
            let newer = try await sprout.registerProduct(by: vendor, name: "Walnut desk").id
            sprout.clock.advance(by: 3 * Self.day + 1)
            let (browser, csrf) = try await sprout.browser(signedInAs: seller.id)
            let bumped = try await browser.post("/market/products/\(older)/bump", form: [:], csrf: csrf)
            #expect(bumped.status == .seeOther && bumped.headers.first(name: .location) == "/market/products/\(older)?done=bumped")
            #expect(try await sprout.webOrder() == [older, newer])
            let refused = try await browser.post("/market/products/\(older)/bump", form: [:], csrf: csrf)
            #expect(refused.headers.first(name: .location) == "/market/products/\(older)?done=not-bumped")
            #expect(String(buffer: try await browser.get("/market/products/\(older)?done=not-bumped").body).contains("지금은 끌어올릴 수 없어요"))

            let stranger = try await sprout.person("stranger")
            let (other, otherCSRF) = try await sprout.browser(signedInAs: stranger.id)
            #expect(try await other.post("/market/products/\(newer)/bump", form: [:], csrf: otherCSRF).status == .notFound)
            #expect(try await other.post("/market/products/\(newer)/hide", form: [:], csrf: otherCSRF).status == .notFound)
            #expect(try await sprout.webOrder() == [older, newer], "nobody else moved or hid anything")
            let anonymous = try await WebClient(sprout).post("/market/products/\(newer)/bump", form: [:])
            #expect(anonymous.status != .seeOther || anonymous.headers.first(name: .location)?.hasPrefix("/login") == true)
        }
    }

    @Test func twoBumpsAtOnceBumpOnce() async throws {
        try await withSprout { sprout in
            let (_, seller, product) = try await sprout.vendorWithProduct()
            sprout.clock.advance(by: 3 * Self.day + 1)
            let auth = try await sprout.freshAuth(of: seller.id)
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await sprout.send(.POST, "api/market/products/\(product)/bump", headers: auth).status.code }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 409 }.count == 5, "\(statuses)")
        }
    }

    /// Only the seller bumps, hides and shows; only a product for sale and not hidden is bumped.
    @Test func onlyTheSellerControlsAndOnlyAProductForSaleIsBumped() async throws {
        try await withSprout { sprout in
            let (_, seller, product) = try await sprout.vendorWithProduct()
            sprout.clock.advance(by: 3 * Self.day + 1)
            let auth = try await sprout.freshAuth(of: seller.id)
            let stranger = try await sprout.person("stranger")
            let buyer = try await sprout.person("buyer")
            let path = "api/market/products/\(product)"
            for action in ["bump", "hide", "unhide"] {
                #expect(try await sprout.send(.POST, "\(path)/\(action)", headers: stranger.auth).status.code == 403, "\(action)")
                #expect(try await sprout.send(.POST, "api/market/products/99999/\(action)", headers: auth).status.code == 404, "\(action)")
                #expect(try await sprout.send(.POST, "\(path)/\(action)").status.code == 401, "\(action)")
            }
            func refusedBump() async throws -> Market.BumpRefusal? {
                let answer = try await sprout.send(.POST, "\(path)/bump", headers: auth)
                return answer.status.code == 409 ? try answer.decode(Market.BumpRefusal.self) : nil
            }
            _ = try await sprout.open(product, by: buyer)
            _ = try await sprout.send(.POST, "\(path)/reservation", headers: auth, json: Market.ReservationRequest(buyer: buyer.id))
            #expect(try await refusedBump().map { $0.nextBumpAt == nil } == true, "reserved")
            _ = try await sprout.send(.POST, "\(path)/sold", headers: auth, json: Market.SoldRequest(buyer: buyer.id))
            #expect(try await refusedBump().map { $0.nextBumpAt == nil } == true, "sold")
            _ = try await sprout.send(.DELETE, "\(path)/reservation", headers: auth)

            let hidden = try await sprout.send(.POST, "\(path)/hide", headers: auth)
            #expect(try hidden.decode(Market.ListingState.self) == .init(id: product, saleState: "selling", hidden: true,
                                                                         bumpedAt: "2026-01-01T00:00:00Z", nextBumpAt: "2026-01-04T00:00:00Z"))
            #expect(try await refusedBump().map { $0.nextBumpAt == nil } == true, "hidden")
            let shown = try await sprout.send(.POST, "\(path)/unhide", headers: auth).decode(Market.ListingState.self)
            #expect(!shown.hidden)
            #expect(try await sprout.send(.POST, "\(path)/bump", headers: auth).status.code == 200, "for sale and shown again")
        }
    }

    @Test func aHiddenProductLeavesEveryPublicListUntilShownAgain() async throws {
        try await withSprout { sprout in
            let (vendor, seller, product) = try await sprout.vendorWithProduct()
            let other = try await sprout.registerProduct(by: vendor, name: "Walnut desk").id
            let path = "api/market/products/\(product)/hide"
            #expect(try await sprout.send(.POST, path, headers: seller.auth).status.code == 200)
            #expect(try await sprout.send(.POST, path, headers: seller.auth).decode(Market.ListingState.self).hidden, "hiding twice is once")

            let list = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self)
            #expect(list.pages.map(\.id) == [other] && list.totalCount == 1, "the contract's list leaves it out")
            #expect(try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10&search_value=chair").decode(Market.Page.self).pages.isEmpty)
            #expect(try await sprout.send(.GET, "api/products/\(product)").status.code == 200, "its own detail still answers")
            #expect(try await sprout.webOrder() == [other])
            #expect(try await sprout.webOrder("/market?q=chair").isEmpty)
            let sellerPage = String(buffer: try await WebClient(sprout).get("/market/vendors/\(vendor.vendorID)").body)
            #expect(!sellerPage.contains("Oak chair") && sellerPage.contains("Walnut desk"))
            #expect(try await WebClient(sprout).get("/market/products/\(product)").status == .notFound)
            let (browser, _) = try await sprout.browser(signedInAs: seller.id)
            let own = String(buffer: try await browser.get("/market/products/\(product)").body)
            #expect(own.contains(#"id="hidden-notice""#) && own.contains(#"id="unhide-form""#) && own.contains("숨김 해제"))
            let mine = { (tab: String) in
                try await sprout.send(.GET, "api/market/my-products?page_no=1&items_per_page=10&tab=\(tab)", headers: seller.auth).decode(Market.Page.self).pages.map(\.id)
            }
            #expect(try await mine("hidden") == [product])
            #expect(try await mine("selling") == [other])

            let shown = try await sprout.send(.POST, "api/market/products/\(product)/unhide", headers: seller.auth)
            #expect(try shown.decode(Market.ListingState.self).hidden == false)
            #expect(try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self).pages.map(\.id) == [other, product])
            #expect(try await sprout.webOrder("/market?q=chair") == [product])
            #expect(try await WebClient(sprout).get("/market/products/\(product)").status == .ok)
        }
    }

    @Test func myProductsAreListedByTab() async throws {
        try await withSprout { sprout in
            let (vendor, seller, selling) = try await sprout.vendorWithProduct()
            let reserved = try await sprout.registerProduct(by: vendor, name: "Walnut desk").id
            let sold = try await sprout.registerProduct(by: vendor, name: "Pine shelf").id
            let hidden = try await sprout.registerProduct(by: vendor, name: "Birch stool").id
            let buyer = try await sprout.person("buyer")
            _ = try await sprout.open(reserved, by: buyer)
            _ = try await sprout.send(.POST, "api/market/products/\(reserved)/reservation", headers: seller.auth, json: Market.ReservationRequest(buyer: buyer.id))
            _ = try await sprout.send(.POST, "api/market/products/\(sold)/sold", headers: seller.auth, json: Market.SoldRequest(buyer: nil))
            _ = try await sprout.send(.POST, "api/market/products/\(hidden)/hide", headers: seller.auth)

            func mine(_ query: String, _ auth: [String: String] = seller.auth) async throws -> TestingHTTPResponse {
                try await sprout.send(.GET, "api/market/my-products?page_no=1&items_per_page=10\(query)", headers: auth)
            }
            for (tab, expected) in [("selling", [selling]), ("reserved", [reserved]), ("sold", [sold]), ("hidden", [hidden])] {
                #expect(try await mine("&tab=\(tab)").decode(Market.Page.self).pages.map(\.id) == expected, "\(tab)")
            }
            #expect(try await mine("").decode(Market.Page.self).pages.map(\.id) == [hidden, sold, reserved, selling], "without a tab, all of them")
            #expect(try await mine("&tab=").decode(Market.Page.self).totalCount == 4)
            #expect(try await mine("&tab=gone").status.code == 400)
            #expect(try await mine("&tab=selling", buyer.auth).decode(Market.Page.self).totalCount == 0, "no vendor, no products")

            let (browser, _) = try await sprout.browser(signedInAs: seller.id)
            let page = String(buffer: try await browser.get("/market/mine").body)
            for label in ["판매중 1", "예약중 1", "거래완료 1", "숨김 1"] { #expect(page.contains(label), "\(label)") }
            #expect(page.contains(#"data-tab="selling" aria-current="true""#) || page.contains(#"class="chip current""#))
            #expect(page.contains(#"data-id="\#(selling)""#) && !page.contains(#"data-id="\#(hidden)""#) && !page.contains(#"data-id="\#(sold)""#))
            let hiddenTab = String(buffer: try await browser.get("/market/mine?tab=hidden").body)
            #expect(hiddenTab.contains(#"data-id="\#(hidden)""#) && !hiddenTab.contains(#"data-id="\#(selling)""#))
            browser.language = "en"
            let english = String(buffer: try await browser.get("/market/mine?tab=reserved").body)
            #expect(english.contains("Hidden 1") && english.contains(#"data-id="\#(reserved)""#))
        }
    }

    @Test func purchasesListWhatWasSoldToMeWithTheReviewToLeave() async throws {
        try await withSprout { sprout in
            let (vendor, seller, bought) = try await sprout.vendorWithProduct()
            let promised = try await sprout.registerProduct(by: vendor, name: "Walnut desk").id
            let elsewhere = try await sprout.registerProduct(by: vendor, name: "Pine shelf").id
            let buyer = try await sprout.person("buyer")
            let other = try await sprout.person("other")
            for product in [bought, promised] { _ = try await sprout.open(product, by: buyer) }
            _ = try await sprout.open(elsewhere, by: other)
            _ = try await sprout.send(.POST, "api/market/products/\(bought)/sold", headers: seller.auth, json: Market.SoldRequest(buyer: buyer.id))
            _ = try await sprout.send(.POST, "api/market/products/\(promised)/reservation", headers: seller.auth, json: Market.ReservationRequest(buyer: buyer.id))
            _ = try await sprout.send(.POST, "api/market/products/\(elsewhere)/sold", headers: seller.auth, json: Market.SoldRequest(buyer: other.id))

            func purchases(_ auth: [String: String]) async throws -> [Int] {
                try await sprout.send(.GET, "api/market/purchases?page_no=1&items_per_page=10", headers: auth).decode(Market.Page.self).pages.map(\.id)
            }
            #expect(try await purchases(buyer.auth) == [bought], "a reservation is no purchase yet")
            #expect(try await purchases(other.auth) == [elsewhere])
            #expect(try await purchases(seller.auth).isEmpty)
            #expect(try await sprout.send(.GET, "api/market/purchases?page_no=1&items_per_page=10").status.code == 401)
            #expect(try await sprout.send(.GET, "api/market/purchases?page_no=0&items_per_page=10", headers: buyer.auth).status.code == 400)

            _ = try await sprout.send(.POST, "api/market/products/\(bought)/hide", headers: seller.auth)
            #expect(try await purchases(buyer.auth) == [bought], "hidden from the lists, not from its buyer")
            let (browser, _) = try await sprout.browser(signedInAs: buyer.id)
            let page = String(buffer: try await browser.get("/market/purchases").body)
            #expect(page.contains("Oak chair") && !page.contains("Walnut desk") && page.contains("거래 후기 남기기"))
            #expect(page.contains(#"href="/market/products/\#(bought)#trade-review-form""#))
            #expect(try await browser.get("/market/products/\(bought)").status == .ok, "its buyer still opens it")
            _ = try await sprout.send(.POST, "api/market/products/\(bought)/reviews", headers: buyer.auth, json: Market.TradeReviewRequest(rating: "great", text: ""))
            let reviewed = String(buffer: try await browser.get("/market/purchases").body)
            #expect(reviewed.contains("후기를 남겼어요") && !reviewed.contains("거래 후기 남기기"))
            #expect(try await WebClient(sprout).get("/market/purchases").status == .seeOther, "signed out: to the log-in")
        }
    }
}

extension TestSprout {
    /// The ids of the products the web's list shows at `path`, in their order.
    func webOrder(_ path: String = "/market") async throws -> [Int] {
        let html = String(buffer: try await send(.GET, path).body)
        return html.matches(of: /class="product-card[^"]*" data-id="(\d+)"/).compactMap { Int($0.1) }
    }

    /// A browser signed in as `accountID` (an account made with the test password), and the CSRF
    /// token its forms carry.
    func browser(signedInAs accountID: String) async throws -> (WebClient, String) {
        let email = try #require(try await Account.find(accountID, on: app.db)?.email)
        let browser = WebClient(self)
        let csrf = try await browser.csrfToken(from: "/login")
        let answer = try await browser.post("/login", form: ["email": email, "password": "pw12345"], csrf: csrf)
        #expect(answer.status == .seeOther, "\(email) signs in")
        return (browser, csrf)
    }
}
