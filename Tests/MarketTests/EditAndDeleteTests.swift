import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct EditAndDeleteTests {
    func patch(_ sprout: TestSprout, _ id: Int, _ body: [String: Any], identifier: String) async throws -> (UInt, [String: Any]) {
        let response = try await sprout.send(.PATCH, "api/products/\(id)", headers: ["identifier": identifier, "Content-Type": "application/json"],
                                             body: try JSONSerialization.data(withJSONObject: body))
        return (response.status.code, (try? response.jsonObject()) ?? [:])
    }

    @Test func editChangesOnlyTheFieldsSent() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor)
            let (status, json) = try await patch(sprout, product.id, ["price": 35000, "descriptions": "Re-oiled, like new.", "secret": vendor.secret], identifier: vendor.identifier)
            #expect(status == 200)
            #expect(json["price"] as? Double == 35000)
            #expect(json["bargain_price"] as? Double == 32000)
            #expect(json["description"] as? String == "Re-oiled, like new.")
            #expect(json["name"] as? String == "Oak chair")
            #expect(json["stock"] as? Int == 4)
            let (named, _) = try await patch(sprout, product.id, ["name": "Oak armchair", "description": "2022b key", "stock": 0, "currency": "USD", "secret": vendor.secret], identifier: vendor.identifier)
            #expect(named == 200)
            let detail = try await sprout.send(.GET, "api/products/\(product.id)").decode(Market.ProductDetail.self)
            #expect((detail.name, detail.description, detail.stock, detail.currency) == ("Oak armchair", "2022b key", 0, .usd))
        }
    }

    @Test func editRefusalsChangeNothing() async throws {
        try await withSprout { sprout in
            let owner = try await sprout.makeVendor()
            let other = try await sprout.makeVendor("pine12")
            let product = try await sprout.registerProduct(by: owner)
            #expect(try await patch(sprout, product.id, ["price": 1, "secret": "wrong"], identifier: owner.identifier).0 == 400)
            #expect(try await patch(sprout, product.id, ["price": 1], identifier: owner.identifier).0 == 400)
            #expect(try await patch(sprout, product.id, ["price": 1, "secret": owner.secret], identifier: "nobody").0 == 400)
            #expect(try await patch(sprout, product.id, ["price": 1, "secret": other.secret], identifier: other.identifier).0 == 400)
            #expect(try await patch(sprout, product.id, ["discounted_price": 999999, "secret": owner.secret], identifier: owner.identifier).0 == 400)
            #expect(try await patch(sprout, 424242, ["price": 1, "secret": owner.secret], identifier: owner.identifier).0 == 404)
            let malformed = try await sprout.send(.PATCH, "api/products/\(product.id)", headers: ["identifier": owner.identifier, "Content-Type": "application/json"], body: Data("{oops".utf8))
            #expect(malformed.status.code == 400)
            let detail = try await sprout.send(.GET, "api/products/\(product.id)").decode(Market.ProductDetail.self)
            #expect(detail.price == 30000 && detail.discountedPrice == 3000)
        }
    }

    func lookup(_ sprout: TestSprout, _ id: Int, _ kind: String, body: Data, identifier: String) async throws -> (UInt, String, String?) {
        let response = try await sprout.send(.POST, "api/products/\(id)/\(kind)", headers: ["identifier": identifier, "Content-Type": "application/json"], body: body)
        return (response.status.code, String(buffer: response.body), response.headers.first(name: .contentType))
    }

    @Test func archivedPathThenDeleteRemovesProductAndFiles() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor)
            #expect(sprout.marketFiles.count == 2)
            let (status, path, type) = try await lookup(sprout, product.id, "archived", body: Data(#"{"secret":"\#(vendor.secret)"}"#.utf8), identifier: vendor.identifier)
            #expect(status == 200)
            #expect(type?.hasPrefix("text/plain") == true)
            #expect(path.hasPrefix("/api/products/\(product.id)/"))
            let deleted = try await sprout.send(.DELETE, String(path.dropFirst()), headers: ["identifier": vendor.identifier])
            #expect(deleted.status.code == 200)
            #expect(try deleted.decode(Market.ProductDetail.self).id == product.id)
            #expect(try await sprout.send(.GET, "api/products/\(product.id)").status.code == 404)
            #expect(sprout.marketFiles.isEmpty)
            #expect(try await sprout.send(.DELETE, String(path.dropFirst()), headers: ["identifier": vendor.identifier]).status.code == 404)
        }
    }

    /// The published app keeps likes on the device by product id: a deleted product's id must
    /// never name another product.
    @Test func aDeletedProductsIDIsNeverHandedOutAgain() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            _ = try await sprout.registerProduct(by: vendor)
            let newest = try await sprout.registerProduct(by: vendor)
            let (_, path, _) = try await lookup(sprout, newest.id, "archived", body: Data(#"{"secret":"\#(vendor.secret)"}"#.utf8), identifier: vendor.identifier)
            #expect(try await sprout.send(.DELETE, String(path.dropFirst()), headers: ["identifier": vendor.identifier]).status.code == 200)
            let next = try await sprout.registerProduct(by: vendor)
            #expect(next.id > newest.id)
        }
    }

    @Test func theBareLastSegmentAlsoDeletes() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor)
            let (_, path, _) = try await lookup(sprout, product.id, "archived", body: Data(#"{"secret":"\#(vendor.secret)"}"#.utf8), identifier: vendor.identifier)
            let segment = try #require(path.split(separator: "/").last)
            let deleted = try await sprout.send(.DELETE, "api/products/\(segment)", headers: ["identifier": vendor.identifier])
            #expect(deleted.status.code == 200)
        }
    }

    @Test func the2022aSecretFlowDeletesAndAcceptsDotorisBareString() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor)
            let (status, secret, type) = try await lookup(sprout, product.id, "secret", body: Data("\"\(vendor.secret)\"".utf8), identifier: vendor.identifier)
            #expect(status == 200 && !secret.isEmpty && type?.hasPrefix("text/plain") == true)
            let wrong = try await sprout.send(.DELETE, "api/products/\(product.id)/not-the-secret", headers: ["identifier": vendor.identifier])
            #expect(wrong.status.code == 404)
            let deleted = try await sprout.send(.DELETE, "api/products/\(product.id)/\(secret)", headers: ["identifier": vendor.identifier])
            #expect(deleted.status.code == 200)
        }
    }

    @Test func anotherVendorCanNeitherLookUpNorDelete() async throws {
        try await withSprout { sprout in
            let owner = try await sprout.makeVendor()
            let other = try await sprout.makeVendor("pine12")
            let product = try await sprout.registerProduct(by: owner)
            #expect(try await lookup(sprout, product.id, "archived", body: Data(#"{"secret":"\#(other.secret)"}"#.utf8), identifier: other.identifier).0 == 400)
            #expect(try await lookup(sprout, product.id, "archived", body: Data(#"{"secret":"wrong"}"#.utf8), identifier: owner.identifier).0 == 400)
            #expect(try await lookup(sprout, 999, "archived", body: Data(#"{"secret":"\#(owner.secret)"}"#.utf8), identifier: owner.identifier).0 == 404)
            let (_, path, _) = try await lookup(sprout, product.id, "archived", body: Data(#"{"secret":"\#(owner.secret)"}"#.utf8), identifier: owner.identifier)
            let stolen = try await sprout.send(.DELETE, String(path.dropFirst()), headers: ["identifier": other.identifier])
            #expect(stolen.status.code == 400)
            #expect(try await sprout.send(.DELETE, String(path.dropFirst())).status.code == 400)
            #expect(try await sprout.send(.GET, "api/products/\(product.id)").status.code == 200)
        }
    }

    @Test func twoConcurrentDeletesDeleteOnce() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor)
            let (_, path, _) = try await lookup(sprout, product.id, "archived", body: Data(#"{"secret":"\#(vendor.secret)"}"#.utf8), identifier: vendor.identifier)
            async let first = sprout.send(.DELETE, String(path.dropFirst()), headers: ["identifier": vendor.identifier])
            async let second = sprout.send(.DELETE, String(path.dropFirst()), headers: ["identifier": vendor.identifier])
            let statuses = try await [first.status.code, second.status.code].sorted()
            #expect(statuses == [200, 404] || statuses == [200, 200], "\(statuses)")
            #expect(try await sprout.send(.GET, "api/products/\(product.id)").status.code == 404)
        }
    }
}
