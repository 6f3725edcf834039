import Foundation
import Media
import Platform
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct RegistrationTests {
    static func params(_ vendor: TestVendor, _ changes: [String: Any] = [:]) -> [String: Any] {
        ["name": "Oak chair", "description": "Solid oak, lightly used.", "price": 30000.0, "currency": "KRW", "secret": vendor.secret]
            .merging(changes) { $1 }
    }

    @Test func registrationAnswersTheDetailWithFractionalDates() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let response = try await sprout.register(Self.params(vendor, ["discounted_price": 500, "stock": 3]), images: [MarketFixtures.jpeg, MarketFixtures.jpeg], identifier: vendor.identifier)
            #expect(response.status.code == 200)
            let json = try response.jsonObject()
            let created = try #require(json["created_at"] as? String)
            #expect(created.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{2}$"#, options: .regularExpression) != nil)
            let detail = try response.decode(Market.ProductDetail.self)
            #expect(detail.images.count == 2)
            #expect((detail.price, detail.discountedPrice, detail.bargainPrice, detail.stock) == (30000, 500, 29500, 3))
            #expect(detail.vendorID == vendor.vendorID)
        }
    }

    @Test func everyClientVariantIsAccepted() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let withoutPartType = try await sprout.register(Self.params(vendor), identifier: vendor.identifier, paramsContentType: nil)
            #expect(withoutPartType.status.code == 200)
            let descriptions = try await sprout.register(
                Self.params(vendor, ["descriptions": "2022a key", "description": NSNull(), "currency": "USD", "price": "12.5", "stock": "7"]),
                identifier: vendor.identifier
            )
            #expect(descriptions.status.code == 200, "\(String(buffer: descriptions.body))")
            let detail = try descriptions.decode(Market.ProductDetail.self)
            #expect((detail.description, detail.currency, detail.price, detail.stock, detail.discountedPrice) == ("2022a key", .usd, 12.5, 7, 0))
            let uppercaseIdentifier = try await sprout.register(Self.params(vendor), identifier: vendor.identifier.uppercased())
            #expect(uppercaseIdentifier.status.code == 200)
        }
    }

    @Test func badCredentialsAndBadFieldsAre400AndStoreNothing() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let cases: [(String, [String: Any], String?, [Data])] = [
                ("no identifier", Self.params(vendor), nil, [MarketFixtures.jpeg]),
                ("unknown identifier", Self.params(vendor), "00000000-0000-1000-0000-000000000000", [MarketFixtures.jpeg]),
                ("wrong secret", Self.params(vendor, ["secret": "nope"]), vendor.identifier, [MarketFixtures.jpeg]),
                ("no secret", Self.params(vendor).filter { $0.key != "secret" }, vendor.identifier, [MarketFixtures.jpeg]),
                ("no name", Self.params(vendor, ["name": ""]), vendor.identifier, [MarketFixtures.jpeg]),
                ("name too long", Self.params(vendor, ["name": String(repeating: "가", count: 101)]), vendor.identifier, [MarketFixtures.jpeg]),
                ("no price", Self.params(vendor).filter { $0.key != "price" }, vendor.identifier, [MarketFixtures.jpeg]),
                ("negative price", Self.params(vendor, ["price": -1]), vendor.identifier, [MarketFixtures.jpeg]),
                ("discount above price", Self.params(vendor, ["discounted_price": 40000]), vendor.identifier, [MarketFixtures.jpeg]),
                ("negative stock", Self.params(vendor, ["stock": -1]), vendor.identifier, [MarketFixtures.jpeg]),
                ("price 1e308", Self.params(vendor, ["price": 1e308]), vendor.identifier, [MarketFixtures.jpeg]),
                ("price past the bound", Self.params(vendor, ["price": 1e15]), vendor.identifier, [MarketFixtures.jpeg]),
                ("stock 1e19", Self.params(vendor, ["stock": 1e19]), vendor.identifier, [MarketFixtures.jpeg]),
                ("stock as a huge string", Self.params(vendor, ["stock": "1e19"]), vendor.identifier, [MarketFixtures.jpeg]),
                ("currency lowercase", Self.params(vendor, ["currency": "krw"]), vendor.identifier, [MarketFixtures.jpeg]),
                ("price as object", Self.params(vendor, ["price": ["x": 1]]), vendor.identifier, [MarketFixtures.jpeg]),
                ("no images", Self.params(vendor), vendor.identifier, []),
                ("six images", Self.params(vendor), vendor.identifier, Array(repeating: MarketFixtures.jpeg, count: 6)),
                ("not an image", Self.params(vendor), vendor.identifier, [Data("<html>hi</html>".utf8)]),
                ("one bad among good", Self.params(vendor), vendor.identifier, [MarketFixtures.jpeg, MarketFixtures.fixture("truncated.jpg")]),
                ("decompression bomb", Self.params(vendor), vendor.identifier, [MarketFixtures.fixture("bomb.png")]),
            ]
            for (label, params, identifier, images) in cases {
                let response = try await sprout.register(params, images: images, identifier: identifier)
                #expect(response.status.code == 400, "\(label): \(response.status.code) \(String(buffer: response.body))")
                #expect(try response.jsonObject()["error"] as? Bool == true, "\(label)")
            }
            #expect(sprout.marketFiles.isEmpty)
            let page = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=10").decode(Market.Page.self)
            #expect(page.totalCount == 0)
        }
    }

    @Test func malformedBodiesAre400() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let notMultipart = try await sprout.send(.POST, "api/products", headers: ["identifier": vendor.identifier, "Content-Type": "application/json"], body: Data("{}".utf8))
            #expect(notMultipart.status.code == 400)
            let brokenFraming = try await sprout.send(.POST, "api/products", headers: ["identifier": vendor.identifier, "Content-Type": "multipart/form-data; boundary=xyz"], body: Data("--abc\r\ngarbage".utf8))
            #expect(brokenFraming.status.code == 400)
            var body = MultipartBody()
            body.add(name: "params", contentType: "application/json", Data("{not json".utf8))
            body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
            let badJSON = try await sprout.send(.POST, "api/products", headers: ["identifier": vendor.identifier, "Content-Type": body.contentType], body: body.bytes)
            #expect(badJSON.status.code == 400)
            #expect(sprout.marketFiles.isEmpty)
        }
    }

    @Test func oversizeImagesAre400() async throws {
        try await withSprout(configure: { $0.maxUploadBytes = 2000 }) { sprout in
            let vendor = try await sprout.makeVendor()
            let big = try ImagePipelineFixture.noisyJPEG(width: 300, height: 300)
            #expect(big.count > 2000)
            let response = try await sprout.register(Self.params(vendor), images: [big], identifier: vendor.identifier)
            #expect(response.status.code == 400)
            #expect(String(buffer: response.body).contains("images: larger than 1 MB"))
            #expect(sprout.marketFiles.isEmpty)
        }
    }
}

enum ImagePipelineFixture {
    static func noisyJPEG(width: Int, height: Int) throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let pixels = (0..<(width * height * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return try Media.ImagePipeline.jpeg(rgb: pixels, width: width, height: height)
    }
}
