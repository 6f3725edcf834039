import FluentSQL
import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 내 동네 through `/api/market`: up to two 동 per account, verified by where the device is;
/// products carry their seller's 동 and are found within a range of mine, newest bump first.
@Suite struct NeighbourhoodTests {
    @Test func iSetUpToTwoNeighbourhoodsAndTheirRange() async throws {
        try await withSprout { sprout in
            let me = try await sprout.person("me")
            let (mangwon, hapjeong, jamsil) = (try sprout.dong("망원제1동"), try sprout.dong("합정동"), try sprout.dong("잠실본동"))
            let empty = try await sprout.send(.GET, "api/market/neighbourhoods", headers: me.auth).decode(Market.NeighbourhoodList.self)
            #expect(empty == .init(neighbourhoods: [], range: .near))
            let emptyJSON = try await sprout.send(.GET, "api/market/neighbourhoods", headers: me.auth).jsonObject()
            #expect(emptyJSON["range"] as? String == "near" && (emptyJSON["neighbourhoods"] as? [Any])?.isEmpty == true)

            let set = try await sprout.setNeighbourhoods(me, codes: [mangwon.code, hapjeong.code, mangwon.code], current: hapjeong.code, range: "farther")
            #expect(set.status.code == 200)
            let mine = try set.decode(Market.NeighbourhoodList.self)
            #expect(mine.neighbourhoods.map(\.code) == [mangwon.code, hapjeong.code], "a code sent twice counts once")
            #expect(mine.neighbourhoods.map(\.current) == [false, true] && mine.range == .farther)
            #expect(mine.neighbourhoods[0].name == "망원제1동" && mine.neighbourhoods[0].fullName.contains("마포구") && mine.neighbourhoods[0].verifiedAt == nil)
            let json = try set.jsonObject()
            let first = try #require((json["neighbourhoods"] as? [[String: Any]])?.first)
            #expect(first.keys.contains("verified_at") && first["verified_at"] is NSNull && first["full_name"] is String)

            #expect(try await sprout.setNeighbourhoods(me, codes: [mangwon.code, hapjeong.code, jamsil.code]).status.code == 400, "two at most")
            #expect(try await sprout.setNeighbourhoods(me, codes: ["9999999999"]).status.code == 400, "a code the list lacks")
            #expect(try await sprout.setNeighbourhoods(me, codes: [mangwon.code], current: jamsil.code).status.code == 400, "current among the codes")
            #expect(try await sprout.setNeighbourhoods(me, codes: [mangwon.code], range: "everywhere").status.code == 400)
            #expect(try await sprout.send(.PUT, "api/market/neighbourhoods", json: Market.NeighbourhoodsRequest(codes: [mangwon.code])).status.code == 401)
            let unchanged = try await sprout.send(.GET, "api/market/neighbourhoods", headers: me.auth).decode(Market.NeighbourhoodList.self)
            #expect(unchanged == mine, "a refused change changes nothing")

            // Keeping one 동: it stays current when it was; the range stays when none is sent.
            let kept = try await sprout.setNeighbourhoods(me, codes: [hapjeong.code]).decode(Market.NeighbourhoodList.self)
            #expect(kept.neighbourhoods.map(\.code) == [hapjeong.code] && kept.neighbourhoods[0].current && kept.range == .farther)
            let cleared = try await sprout.setNeighbourhoods(me, codes: []).decode(Market.NeighbourhoodList.self)
            #expect(cleared.neighbourhoods.isEmpty)
        }
    }

    @Test func anotherPersonsNeighbourhoodsAreUntouched() async throws {
        try await withSprout { sprout in
            let (me, other) = (try await sprout.person("me"), try await sprout.person("other"))
            let (mangwon, jamsil) = (try sprout.dong("망원제1동"), try sprout.dong("잠실본동"))
            let theirs = try await sprout.setNeighbourhoods(other, codes: [jamsil.code], range: "farthest").decode(Market.NeighbourhoodList.self)
            _ = try await sprout.setNeighbourhoods(me, codes: [mangwon.code], range: "near")
            _ = try await sprout.setNeighbourhoods(me, codes: [])
            let after = try await sprout.send(.GET, "api/market/neighbourhoods", headers: other.auth).decode(Market.NeighbourhoodList.self)
            #expect(after == theirs)
        }
    }

    @Test func aNeighbourhoodIsVerifiedNearItsCentreAndKeepsItsVerification() async throws {
        try await withSprout { sprout in
            let me = try await sprout.person("me")
            let (mangwon, hapjeong, jamsil) = (try sprout.dong("망원제1동"), try sprout.dong("합정동"), try sprout.dong("잠실본동"))
            _ = try await sprout.setNeighbourhoods(me, codes: [mangwon.code])
            let verify = { (code: String, lat: Double, long: Double) in
                try await sprout.send(.POST, "api/market/neighbourhoods/verify", headers: me.auth,
                                      json: Market.VerificationRequest(code: code, latitude: lat, longitude: long))
            }
            let far = try await verify(mangwon.code, jamsil.lat, jamsil.long)
            #expect(far.status.code == 400)
            #expect(String(buffer: far.body).contains("km from the centre"), "says how far")
            #expect(try await verify(hapjeong.code, hapjeong.lat, hapjeong.long).status.code == 400, "not one of mine")
            #expect(try await verify(mangwon.code, 91, 0).status.code == 400)

            let near = try await verify(mangwon.code, mangwon.lat + 0.01, mangwon.long)
            #expect(near.status.code == 200)
            let verified = try near.decode(Market.NeighbourhoodList.self).neighbourhoods[0].verifiedAt
            #expect(verified == UTCTimestamp.format(sprout.clock.now))
            let kept = try await sprout.setNeighbourhoods(me, codes: [hapjeong.code, mangwon.code]).decode(Market.NeighbourhoodList.self)
            #expect(kept.neighbourhoods.map(\.verifiedAt) == [nil, verified], "a 동 kept keeps its verification")
            #expect(kept.neighbourhoods.map(\.current) == [false, true], "and stays current")
        }
    }

    /// The issue's own case: a seller in 망원제1동 is found from 합정동 within the nearest range,
    /// and not from 잠실본동 even within the widest.
    @Test func aBuyerFindsTheSellersProductWithinRange() async throws {
        try await withSprout { sprout in
            let (mangwon, hapjeong, jamsil) = (try sprout.dong("망원제1동"), try sprout.dong("합정동"), try sprout.dong("잠실본동"))
            let (seller, product) = try await sprout.listNear(mangwon, name: "자전거")
            let placed = try await sprout.storedPlace(of: product)
            #expect(placed.dong_code == mangwon.code && placed.lat == mangwon.lat && placed.long == mangwon.long)
            let contract = try await sprout.send(.GET, "api/products/\(product)").jsonObject()
            #expect(contract["dong"] == nil && contract["dong_code"] == nil, "the contract answers as before")

            let buyer = try await sprout.person("buyer")
            _ = try await sprout.setNeighbourhoods(buyer, codes: [hapjeong.code])
            let found = try await sprout.nearby(buyer, "range=near")
            #expect(found.products.map(\.id) == [product])
            let item = try #require(found.products.first)
            #expect(item.dong == .init(code: mangwon.code, name: "망원제1동") && (500...900).contains(item.distanceM) && item.state == "selling")
            #expect(item.bargainPrice == 27000 && item.thumbnail.hasPrefix("http"))
            #expect(try await sprout.nearby(buyer, "").products.map(\.id) == [product], "my range, near, by default")

            let far = try await sprout.person("far")
            _ = try await sprout.setNeighbourhoods(far, codes: [jamsil.code], range: "farthest")
            #expect(try await sprout.nearby(far, "range=near").products.isEmpty)
            #expect(try await sprout.nearby(far, "").products.isEmpty, "about 18 km: beyond even the widest range")

            // The seller's own listings are in their list too; a product listed by a vendor
            // whose account has no 동네 has no place.
            #expect(try await sprout.nearby(seller, "range=near").products.map(\.id) == [product])
            let placeless = try await sprout.registerProduct(by: try await sprout.makeVendor("nowhere1"), name: "자전거 2")
            #expect(try await sprout.storedPlace(of: placeless.id).dong_code == nil)
            #expect(try await sprout.nearby(buyer, "range=farthest").products.map(\.id) == [product])
        }
    }

    @Test func searchCategoryGiveawayAndHiddenNarrowTheList() async throws {
        try await withSprout { sprout in
            let mangwon = try sprout.dong("망원제1동")
            let (seller, vendor) = try await sprout.vendorNear(mangwon, name: "filters1")
            let sold = try await sprout.registerProduct(by: vendor, name: "Road bike", price: 300000, discount: 0)
            let free = try await sprout.registerProduct(by: vendor, name: "Old sofa", description: "Come and take it", price: 0, discount: 0)
            let halved = try await sprout.registerProduct(by: vendor, name: "Desk", price: 5000, discount: 5000)
            #expect(try await sprout.nearby(seller, "giveaway=true").products.map(\.id) == [halved.id, free.id], "nothing to pay is a giveaway")
            #expect(try await sprout.nearby(seller, "giveaway=1&q=TAKE").products.map(\.id) == [free.id], "search reads the description too, in any case")
            #expect(try await sprout.nearby(seller, "q=bike").products.map(\.id) == [sold.id])
            #expect(try await sprout.nearby(seller, "category=digital").products.isEmpty, "the contract lists as other")
            #expect(try await sprout.nearby(seller, "category=other&giveaway=false").products.count == 3)
            #expect(try await sprout.send(.POST, "api/market/products/\(free.id)/hide", headers: seller.auth).status.code == 200)
            #expect(try await sprout.nearby(seller, "").products.map(\.id) == [halved.id, sold.id], "hidden is left out")
        }
    }

    @Test func pagesFollowTheNewestBumpWithoutRepeats() async throws {
        try await withSprout { sprout in
            let mangwon = try sprout.dong("망원제1동")
            let (seller, vendor) = try await sprout.vendorNear(mangwon, name: "pager1")
            var ids: [Int] = []
            for index in 0..<7 {
                ids.append(try await sprout.registerProduct(by: vendor, name: "Item \(index)").id)
                // Some at the same moment, to tie on the bump time.
                if index % 3 == 2 { sprout.clock.advance(by: 61.25) }
            }
            var seen: [Int] = []
            var cursor: String?
            repeat {
                let page = try await sprout.nearby(seller, "limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""))
                #expect(page.products.count <= 3)
                seen += page.products.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count < 20
            #expect(seen == Array(ids.reversed()), "newest first, each once")

            // A bump puts a product back on top; a cursor taken before it goes on without repeats.
            let first = try await sprout.nearby(seller, "limit=3")
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            try await sql.raw("UPDATE market_products SET bumped_at = \(bind: sprout.clock.now.addingTimeInterval(1)) WHERE id = \(bind: ids[0])").run()
            let after = try #require(first.nextCursor)
            let rest = try await sprout.nearby(seller, "limit=10&cursor=\(after)")
            #expect(Set(rest.products.map(\.id)).isDisjoint(with: first.products.map(\.id)))
            #expect(try await sprout.nearby(seller, "limit=1").products.map(\.id) == [ids[0]])

            for bad in ["cursor=!!!", "cursor=YWJj", "cursor=LTEuNQ", "limit=0", "limit=51", "limit=ten", "range=wide", "category=cars", "giveaway=maybe"] {
                let response = try await sprout.send(.GET, "api/market/nearby?\(bad)", headers: seller.auth)
                #expect(response.status.code == 400, "\(bad)")
            }
            let stranger = try await sprout.person("stranger")
            #expect(try await sprout.send(.GET, "api/market/nearby", headers: stranger.auth).status.code == 409, "no 동네 yet")
            #expect(try await sprout.send(.GET, "api/market/nearby").status.code == 401)
            let json = try await sprout.send(.GET, "api/market/nearby?limit=50", headers: seller.auth).jsonObject()
            #expect(json.keys.contains("next_cursor") && json["next_cursor"] is NSNull)
        }
    }
}

extension TestSprout {
    /// A 동 of the place list by its name.
    func dong(_ name: String) throws -> Neighbourhoods.Place {
        try #require(platform.neighbourhoods.search(name, limit: 10).first { $0.name == name })
    }

    func setNeighbourhoods(_ person: ProductConversationsTests.Person, codes: [String], current: String? = nil,
                           range: String? = nil) async throws -> TestingHTTPResponse {
        var body = Market.NeighbourhoodsRequest(codes: codes, current: current)
        body.range = range
        return try await send(.PUT, "api/market/neighbourhoods", headers: person.auth, json: body)
    }

    func nearby(_ person: ProductConversationsTests.Person, _ query: String) async throws -> Market.NearbyPage {
        let response = try await send(.GET, "api/market/nearby?\(query)", headers: person.auth)
        #expect(response.status.code == 200, "\(query): \(String(buffer: response.body))")
        return try response.decode(Market.NearbyPage.self)
    }

    /// A vendor whose account chose `place` as its 동네, and the same account as a person.
    func vendorNear(_ place: Neighbourhoods.Place, name: String) async throws -> (ProductConversationsTests.Person, TestVendor) {
        let vendor = try await makeVendor(name)
        let person = ProductConversationsTests.Person(id: try await accountID(of: vendor.accessToken), auth: ["Authorization": "Bearer \(vendor.accessToken)"])
        #expect(try await setNeighbourhoods(person, codes: [place.code]).status.code == 200)
        return (person, vendor)
    }

    /// A product listed through the contract by a seller in `place`.
    func listNear(_ place: Neighbourhoods.Place, name: String, seller: String = "mangwon77") async throws -> (ProductConversationsTests.Person, Int) {
        let (person, vendor) = try await vendorNear(place, name: seller)
        return (person, try await registerProduct(by: vendor, name: name).id)
    }

    struct StoredPlace: Decodable {
        let dong_code: String?
        let lat: Double?
        let long: Double?
    }

    /// Where the product's row says it is.
    func storedPlace(of product: Int) async throws -> StoredPlace {
        let sql = try #require(app.db as? any SQLDatabase)
        return try #require(try await sql.raw("SELECT dong_code, lat, long FROM market_products WHERE id = \(bind: product)").first(decoding: StoredPlace.self))
    }

    func accountID(of accessToken: String) async throws -> String {
        guard case let .valid(id) = await platform.tokens.check(accessToken: accessToken) else { throw Abort(.unauthorized) }
        return id
    }
}
