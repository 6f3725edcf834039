import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct ProductDetailTests {
    @Test func detailCarriesImagesVendorsAndServedFiles() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let created = try await sprout.registerProduct(by: vendor, images: [MarketFixtures.jpeg, MarketFixtures.fixture("transparent.png")])
            let response = try await sprout.send(.GET, "api/products/\(created.id)")
            #expect(response.status.code == 200)
            let json = try response.jsonObject()
            #expect(json["vendorName"] == nil, "detail has no vendorName")
            #expect((json["vendors"] as? [String: Any])?["name"] as? String == "acorn77")
            let detail = try response.decode(Market.ProductDetail.self)
            #expect(detail.images.count == 2)
            #expect(detail.thumbnail == detail.images[0].thumbnailURL)
            for image in detail.images {
                for url in [image.url, image.thumbnailURL] {
                    let path = try #require(URL(string: url)?.path)
                    let file = try await sprout.send(.GET, String(path.dropFirst()))
                    #expect(file.status.code == 200, "\(url)")
                    #expect(file.headers.first(name: .contentType)?.hasPrefix("image/") == true)
                }
            }
            #expect(detail.images[1].url.hasSuffix(".png"), "transparency keeps PNG")
            let slash = try await sprout.send(.GET, "api/products/\(created.id)/")
            #expect(slash.status.code == 200)
        }
    }

    @Test(arguments: ["api/products/999999", "api/products/abc", "api/products/-1", "api/products/0"])
    func unknownProductsAre404(path: String) async throws {
        try await withSprout { sprout in
            let response = try await sprout.send(.GET, path)
            #expect(response.status.code == 404)
            #expect(try response.jsonObject()["reason"] is String)
        }
    }
}
