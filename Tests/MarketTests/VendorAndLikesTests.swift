import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct VendorAndLikesTests {
    @Test func becomingAVendorShowsTheSecretOnceAndRotatesIt() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            #expect(vendor.identifier.range(of: #"^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$"#, options: .regularExpression) != nil)
            let auth = ["Authorization": "Bearer \(vendor.accessToken)"]
            let mine = try await sprout.send(.GET, "api/market/vendor", headers: auth)
            #expect(try mine.jsonObject()["secret"] == nil)
            let again = try await sprout.send(.POST, "api/market/vendor", headers: auth, json: Market.BecomeVendorRequest(name: "second"))
            #expect(again.status.code == 409)
            let other = try await sprout.signUp("other@sprout.test")
            let taken = try await sprout.send(.POST, "api/market/vendor", headers: ["Authorization": "Bearer \(other)"], json: Market.BecomeVendorRequest(name: "acorn77"))
            #expect(taken.status.code == 409)
            let short = try await sprout.send(.POST, "api/market/vendor", headers: ["Authorization": "Bearer \(other)"], json: Market.BecomeVendorRequest(name: "x"))
            #expect(short.status.code == 400)
            #expect(try await sprout.send(.GET, "api/market/vendor", headers: ["Authorization": "Bearer \(other)"]).status.code == 404)
            #expect(try await sprout.send(.POST, "api/market/vendor", json: Market.BecomeVendorRequest(name: "anon")).status.code == 401)

            let rotated = try await sprout.send(.POST, "api/market/vendor/secret", headers: auth).decode(Market.VendorCredentials.self)
            let newSecret = try #require(rotated.secret)
            #expect(newSecret != vendor.secret)
            let oldSecret = try await sprout.register(RegistrationTests.params(vendor), identifier: vendor.identifier)
            #expect(oldSecret.status.code == 400)
            let withNew = try await sprout.register(RegistrationTests.params(vendor, ["secret": newSecret]), identifier: vendor.identifier)
            #expect(withNew.status.code == 200)
        }
    }

    @Test func likesArePerAccountIdempotentAndListed() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let chair = try await sprout.registerProduct(by: vendor, name: "Chair")
            let mug = try await sprout.registerProduct(by: vendor, name: "Mug")
            let reader = try await sprout.signUp("reader@sprout.test")
            let auth = ["Authorization": "Bearer \(reader)"]
            for id in [chair.id, mug.id, chair.id] {
                let liked = try await sprout.send(.PUT, "api/market/likes/\(id)", headers: auth)
                #expect(try liked.decode(Market.LikeStatus.self) == Market.LikeStatus(productID: id, liked: true))
                sprout.clock.advance(by: 1)
            }
            let page = try await sprout.send(.GET, "api/market/likes?page_no=1&items_per_page=10", headers: auth).decode(Market.Page.self)
            #expect(page.pages.map(\.id) == [mug.id, chair.id], "most recently liked first, each once")
            #expect(try await sprout.send(.GET, "api/market/likes/\(chair.id)", headers: auth).decode(Market.LikeStatus.self).liked)
            _ = try await sprout.send(.DELETE, "api/market/likes/\(chair.id)", headers: auth)
            _ = try await sprout.send(.DELETE, "api/market/likes/\(chair.id)", headers: auth)
            #expect(try await sprout.send(.GET, "api/market/likes/\(chair.id)", headers: auth).decode(Market.LikeStatus.self).liked == false)
            let otherAuth = ["Authorization": "Bearer \(vendor.accessToken)"]
            let othersLikes = try await sprout.send(.GET, "api/market/likes?page_no=1&items_per_page=10", headers: otherAuth).decode(Market.Page.self)
            #expect(othersLikes.pages.isEmpty, "likes belong to the account that made them")
            #expect(try await sprout.send(.PUT, "api/market/likes/99999", headers: auth).status.code == 404)
            #expect(try await sprout.send(.PUT, "api/market/likes/\(mug.id)").status.code == 401)
        }
    }

    @Test func concurrentLikesOfOneProductMakeOneLike() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let chair = try await sprout.registerProduct(by: vendor)
            let auth = ["Authorization": "Bearer \(vendor.accessToken)"]
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<6 { group.addTask { try await sprout.send(.PUT, "api/market/likes/\(chair.id)", headers: auth).status.code } }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 200 })
            let page = try await sprout.send(.GET, "api/market/likes?page_no=1&items_per_page=10", headers: auth).decode(Market.Page.self)
            #expect(page.totalCount == 1)
        }
    }

    @Test func myProductsListsOnlyMine() async throws {
        try await withSprout { sprout in
            let mine = try await sprout.makeVendor()
            let theirs = try await sprout.makeVendor("pine12")
            let a = try await sprout.registerProduct(by: mine, name: "Mine A")
            _ = try await sprout.registerProduct(by: theirs, name: "Theirs")
            let b = try await sprout.registerProduct(by: mine, name: "Mine B")
            let page = try await sprout.send(.GET, "api/market/my-products?page_no=1&items_per_page=10", headers: ["Authorization": "Bearer \(mine.accessToken)"]).decode(Market.Page.self)
            #expect(page.pages.map(\.id) == [b.id, a.id])
            let shopper = try await sprout.signUp("shopper@sprout.test")
            let none = try await sprout.send(.GET, "api/market/my-products?page_no=1&items_per_page=10", headers: ["Authorization": "Bearer \(shopper)"]).decode(Market.Page.self)
            #expect(none.pages.isEmpty && none.totalCount == 0)
        }
    }
}
