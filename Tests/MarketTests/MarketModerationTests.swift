import Fluent
import Foundation
@testable import Market
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// What the operator console sees of a reported product and its hide (`MarketModeration`,
/// `ProductRemoval`): a removed product vanishes from every list, page and contract answer for
/// everyone but its seller, who is told, at once and until the operator restores it.
@Suite struct MarketModerationTests {
    static func moderation(_ sprout: TestSprout) throws -> any ModeratedContent {
        try #require(sprout.platform.moderatedContent.offered(by: "market"))
    }

    static func item(_ product: Int) -> ModeratedItem {
        ModeratedItem(kind: "product", id: String(product))
    }

    @Test func aReportedProductIsShownAsItsPageShowsIt() async throws {
        try await withSprout { sprout in
            let (_, seller, product) = try await sprout.vendorWithProduct()
            let moderation = try Self.moderation(sprout)
            #expect(moderation.app == "market")
            let thing = try #require(try await moderation.reported(String(product), reportedAt: sprout.clock.now, on: sprout.app.db))
            #expect(thing.item == Self.item(product) && thing.kindName == .init(ko: "상품", en: "Product"))
            #expect(thing.title == "Oak chair")
            #expect(thing.body.contains("Solid oak, lightly used.") && thing.body.contains("27,000원"), "\(thing.body)")
            #expect(thing.ownerID == seller.id && thing.link == "/market/products/\(product)" && thing.hidden == false)
            #expect(thing.photos.count == 1 && thing.photos.allSatisfy { $0.hasPrefix("/uploads/") })
            let photo = try #require(thing.photos.first)
            let page = String(buffer: try await WebClient(sprout).get("/market/products/\(product)").body)
            #expect(page.contains(#"src="\#(photo)""#), "the photo its page shows")
        }
    }

    @Test func hostileSubjectsAndOtherKindsAreNothing() async throws {
        try await withSprout { sprout in
            let (_, _, product) = try await sprout.vendorWithProduct()
            let moderation = try Self.moderation(sprout)
            let hostile = ["", "abc", "99999999999999999999", "-1", "0", "99999", "1.5", "12abc", " \(product)", "\(product) ",
                           String(repeating: "9", count: 5_000)]
            for subject in hostile {
                #expect(try await moderation.reported(subject, reportedAt: sprout.clock.now, on: sprout.app.db) == nil, "\(subject.prefix(30))")
                #expect(try await moderation.setHidden(true, ModeratedItem(kind: "product", id: subject), on: sprout.app.db) == nil, "\(subject.prefix(30))")
            }
            for kind in ["comment", "message", "post", ""] {
                #expect(try await moderation.setHidden(true, ModeratedItem(kind: kind, id: String(product)), on: sprout.app.db) == nil, "\(kind)")
            }
            let list = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self)
            #expect(list.pages.map(\.id) == [product], "nothing was hidden")
        }
    }

    @Test func aRemovedProductVanishesForEveryoneButItsSellerUntilRestored() async throws {
        try await withSprout { sprout in
            let (vendor, seller, product) = try await sprout.vendorWithProduct()
            let other = try await sprout.registerProduct(by: vendor, name: "Walnut desk").id
            let stranger = try await sprout.person("stranger")
            #expect(try await sprout.send(.PUT, "api/market/likes/\(product)", headers: stranger.auth).status.code == 200)
            let contractList = { try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self) }
            let likes = { try await sprout.send(.GET, "api/market/likes?page_no=1&items_per_page=10", headers: stranger.auth).decode(Market.Page.self) }
            // Read once before, so that kept answers have to be read again.
            #expect(try await contractList().pages.map(\.id) == [other, product])
            #expect(try await sprout.send(.GET, "api/products/\(product)").status.code == 200)
            #expect(try await likes().pages.map(\.id) == [product])

            let moderation = try Self.moderation(sprout)
            #expect(try await moderation.setHidden(true, Self.item(product), on: sprout.app.db) == seller.id)
            #expect(try await moderation.reported(String(product), reportedAt: sprout.clock.now, on: sprout.app.db)?.hidden == true)

            let hiddenList = try await contractList()
            #expect(hiddenList.pages.map(\.id) == [other] && hiddenList.totalCount == 1, "the contract's list")
            #expect(try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10&search_value=chair").decode(Market.Page.self).pages.isEmpty)
            let detail = try await sprout.send(.GET, "api/products/\(product)")
            #expect(try detail.status.code == 404 && detail.jsonObject()["error"] as? Bool == true, "the contract's not-found answer")
            #expect(try await sprout.webOrder() == [other])
            #expect(try await sprout.webOrder("/market?q=chair").isEmpty)
            let sellerPage = String(buffer: try await WebClient(sprout).get("/market/vendors/\(vendor.vendorID)").body)
            #expect(!sellerPage.contains("Oak chair") && sellerPage.contains("Walnut desk"))
            #expect(try await WebClient(sprout).get("/market/products/\(product)").status == .notFound)
            let (strangers, strangerCSRF) = try await sprout.browser(signedInAs: stranger.id)
            #expect(try await strangers.get("/market/products/\(product)").status == .notFound, "a third person")
            #expect(try await strangers.get("/market/products/\(product)/report").status == .notFound)
            #expect(try await strangers.post("/market/products/\(product)/like", form: [:], csrf: strangerCSRF).status == .notFound)
            #expect(!String(buffer: try await strangers.get("/market/likes").body).contains("Oak chair"))
            let liked = try await likes()
            #expect(liked.pages.isEmpty && liked.totalCount == 0, "likes")
            for method in [HTTPMethod.PUT, .GET, .DELETE] {
                #expect(try await sprout.send(method, "api/market/likes/\(product)", headers: stranger.auth).status.code == 404, "\(method)")
            }

            let (own, _) = try await sprout.browser(signedInAs: seller.id)
            let page = String(buffer: try await own.get("/market/products/\(product)").body)
            #expect(page.contains(#"id="removed-notice""#) && page.contains("운영 정책에 따라 숨겨졌어요. 다른 사람에게는 보이지 않아요."))
            #expect(page.contains(#"id="hide-form""#) && !page.contains(#"id="unhide-form""#), "not the seller's own 숨김, and nothing to undo")
            let mine = String(buffer: try await own.get("/market/mine").body)
            #expect(mine.contains(#"data-id="\#(product)""#) && mine.contains("운영자가 숨김"))
            #expect(!String(buffer: try await own.get("/market/mine?tab=hidden").body).contains(#"data-id="\#(product)""#))
            own.language = "en"
            #expect(String(buffer: try await own.get("/market/products/\(product)").body).contains("Hidden by the moderators: nobody else can see it."))
            let ownHidden = try await sprout.send(.GET, "api/market/my-products?page_no=1&items_per_page=10&tab=hidden", headers: seller.auth)
            #expect(try ownHidden.decode(Market.Page.self).pages.isEmpty)

            #expect(try await moderation.setHidden(false, Self.item(product), on: sprout.app.db) == seller.id)
            #expect(try await contractList().pages.map(\.id) == [other, product], "restored")
            #expect(try await sprout.send(.GET, "api/products/\(product)").status.code == 200)
            #expect(try await sprout.webOrder("/market?q=chair") == [product])
            #expect(try await strangers.get("/market/products/\(product)").status == .ok)
            #expect(try await likes().pages.map(\.id) == [product], "the like was kept")
            #expect(!String(buffer: try await own.get("/market/products/\(product)").body).contains("removed-notice"))
        }
    }

    @Test func hidingTwiceKeepsTheFirstTimeAndTheSellerCannotUndoIt() async throws {
        try await withSprout { sprout in
            let (vendor, seller, product) = try await sprout.vendorWithProduct()
            let moderation = try Self.moderation(sprout)
            _ = try await moderation.setHidden(true, Self.item(product), on: sprout.app.db)
            let first = try #require(try await Product.find(product, on: sprout.app.db)?.removedAt)
            sprout.clock.advance(by: 60)
            _ = try await moderation.setHidden(true, Self.item(product), on: sprout.app.db)
            #expect(try await Product.find(product, on: sprout.app.db)?.removedAt == first)

            // The seller's own 숨기기 and 숨김 해제, and an edit, leave the operator's hide alone.
            let (own, csrf) = try await sprout.browser(signedInAs: seller.id)
            _ = try await own.post("/market/products/\(product)/hide", form: [:], csrf: csrf)
            _ = try await own.post("/market/products/\(product)/unhide", form: [:], csrf: csrf)
            let edited = try await sprout.send(.PATCH, "api/products/\(product)", headers: ["identifier": vendor.identifier, "Content-Type": "application/json"],
                                               json: ["name": "Oak armchair", "secret": vendor.secret])
            #expect(edited.status.code == 200, "its seller edits it")
            #expect(try await sprout.send(.GET, "api/products/\(product)").status.code == 404, "and it stays hidden")
            #expect(try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self).pages.isEmpty)
            #expect(try await WebClient(sprout).get("/market/products/\(product)").status == .notFound)
        }
    }

    /// The contract's vendor calls tell nobody else that a removed product exists.
    @Test func theContractsVendorCallsFindItForItsVendorAlone() async throws {
        try await withSprout { sprout in
            let (vendor, _, product) = try await sprout.vendorWithProduct()
            let other = try await sprout.makeVendor("pine12")
            _ = try await Self.moderation(sprout).setHidden(true, Self.item(product), on: sprout.app.db)
            let patch = { (identifier: String, secret: String) in
                try await sprout.send(.PATCH, "api/products/\(product)", headers: ["identifier": identifier, "Content-Type": "application/json"],
                                      json: ["name": "Pine chair", "secret": secret])
            }
            #expect(try await patch(other.identifier, other.secret).status.code == 404, "another vendor: 400 for a product anyone sees")
            #expect(try await patch("nobody", vendor.secret).status.code == 404)
            #expect(try await patch(vendor.identifier, "wrong").status.code == 404)
            let archived = { (identifier: String, secret: String) in
                try await sprout.send(.POST, "api/products/\(product)/archived", headers: ["identifier": identifier, "Content-Type": "application/json"],
                                      json: ["secret": secret])
            }
            #expect(try await archived(other.identifier, other.secret).status.code == 404)
            let path = try await archived(vendor.identifier, vendor.secret)
            #expect(path.status.code == 200, "its vendor still deletes it")
            let delete = String(String(buffer: path.body).dropFirst())
            #expect(try await sprout.send(.DELETE, delete, headers: ["identifier": other.identifier]).status.code == 404)
            #expect(try await sprout.send(.DELETE, delete, headers: ["identifier": vendor.identifier]).status.code == 200)
            #expect(try await Product.find(product, on: sprout.app.db) == nil)
        }
    }

    @Test func offersConversationsAndPurchasesOfARemovedProductAreRefused() async throws {
        try await withSprout { sprout in
            let deal = try await PriceOfferTests.haggle(sprout)
            _ = try await sprout.send(.POST, "api/market/products/\(deal.product)/sold", headers: deal.seller.auth, json: Market.SoldRequest(buyer: deal.buyer.id))
            let purchases = { try await sprout.send(.GET, "api/market/purchases?page_no=1&items_per_page=10", headers: deal.buyer.auth).decode(Market.Page.self) }
            #expect(try await purchases().pages.map(\.id) == [deal.product])
            _ = try await sprout.send(.DELETE, "api/market/products/\(deal.product)/reservation", headers: deal.seller.auth)
            #expect(try await sprout.offer(20_000, in: deal.conversation.id, by: deal.buyer).status.code == 200, "for sale again, offers are taken")

            _ = try await sprout.send(.POST, "api/market/products/\(deal.product)/sold", headers: deal.seller.auth, json: Market.SoldRequest(buyer: deal.buyer.id))
            _ = try await Self.moderation(sprout).setHidden(true, Self.item(deal.product), on: sprout.app.db)
            #expect(try await purchases().pages.isEmpty, "purchases")
            _ = try await sprout.send(.DELETE, "api/market/products/\(deal.product)/reservation", headers: deal.seller.auth)
            #expect(try await sprout.offer(20_000, in: deal.conversation.id, by: deal.buyer).status.code == 404, "offers, as for a missing product")
            let (buyers, _) = try await sprout.browser(signedInAs: deal.buyer.id)
            #expect(try await buyers.get("/market/products/\(deal.product)/offers").status == .notFound)
            let newcomer = try await sprout.person("newcomer")
            #expect(try await sprout.open(deal.product, by: newcomer).status.code == 404, "no conversation about it")
            let conversation = try await sprout.platform.messenger.conversation(deal.conversation.id, for: deal.buyer.id, on: sprout.app.db)
            #expect(conversation.about == nil, "the conversation about it shows it no more")
            #expect(try await sprout.details(of: deal.conversation.id, for: deal.buyer).actions.isEmpty)

            _ = try await Self.moderation(sprout).setHidden(false, Self.item(deal.product), on: sprout.app.db)
            #expect(try await sprout.platform.messenger.conversation(deal.conversation.id, for: deal.buyer.id, on: sprout.app.db).about?.title == "Oak chair")
            #expect(try await sprout.offer(19_000, in: deal.conversation.id, by: deal.buyer).status.code == 200, "restored")
        }
    }

    @Test func aRemovedProductLeavesTheNeighbourhoodLists() async throws {
        try await withSprout { sprout in
            let (mangwon, hapjeong) = (try sprout.dong("망원제1동"), try sprout.dong("합정동"))
            let (_, product) = try await sprout.listNear(mangwon, name: "자전거")
            let buyer = try await sprout.person("buyer")
            _ = try await sprout.setNeighbourhoods(buyer, codes: [hapjeong.code])
            let (browser, _) = try await sprout.browser(signedInAs: buyer.id)
            #expect(try await sprout.nearby(buyer, "range=near").products.map(\.id) == [product])
            #expect(String(buffer: try await browser.get("/market").body).contains(#"data-id="\#(product)""#))

            _ = try await Self.moderation(sprout).setHidden(true, Self.item(product), on: sprout.app.db)
            #expect(try await sprout.nearby(buyer, "range=near").products.isEmpty)
            #expect(!String(buffer: try await browser.get("/market").body).contains(#"data-id="\#(product)""#), "the 동네 list on the web")
        }
    }
}
