import Foundation
import Media
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// A vendor made the way a person makes one: sign up, log in, ask to become a vendor.
struct TestVendor {
    let accessToken: String
    let identifier: String
    let secret: String
    let vendorID: Int
}

extension TestSprout {
    func signUp(_ email: String) async throws -> String {
        let account = try await platform.accounts.register(email: email, password: "pw12345", displayName: email, on: app.db)
        return try await platform.tokens.issue(for: try account.requireID(), on: app.db).accessToken
    }

    func makeVendor(_ name: String = "acorn77") async throws -> TestVendor {
        let token = try await signUp("\(name)@sprout.test")
        let response = try await send(.POST, "api/market/vendor", headers: ["Authorization": "Bearer \(token)"], json: Market.BecomeVendorRequest(name: name))
        #expect(response.status.code == 200)
        let credentials = try response.decode(Market.VendorCredentials.self)
        return TestVendor(accessToken: token, identifier: credentials.identifier, secret: try #require(credentials.secret), vendorID: credentials.vendorID)
    }

    /// `POST /api/products` as Dotori frames it: a `params` part with its own JSON content type
    /// and `images` parts named `<name>-<n>.jpeg`.
    func register(
        _ params: [String: Any], images: [Data] = [MarketFixtures.jpeg], identifier: String?, paramsContentType: String? = "application/json"
    ) async throws -> TestingHTTPResponse {
        var body = MultipartBody()
        body.add(name: "params", contentType: paramsContentType, try JSONSerialization.data(withJSONObject: params))
        for (index, image) in images.enumerated() {
            body.add(name: "images", filename: "product-\(index).jpeg", contentType: "image/jpeg", image)
        }
        var headers = ["Content-Type": body.contentType]
        if let identifier { headers["identifier"] = identifier }
        return try await send(.POST, "api/products", headers: headers, body: body.bytes)
    }

    func registerProduct(by vendor: TestVendor, name: String = "Oak chair", description: String = "Solid oak, lightly used.", price: Double = 30000, discount: Double = 3000, stock: Int = 4, images: [Data] = [MarketFixtures.jpeg]) async throws -> Market.ProductDetail {
        let response = try await register(
            ["name": name, "description": description, "price": price, "currency": "KRW", "discounted_price": discount, "stock": stock, "secret": vendor.secret],
            images: images, identifier: vendor.identifier
        )
        #expect(response.status.code == 200, "\(String(buffer: response.body))")
        return try response.decode(Market.ProductDetail.self)
    }

    /// Files under the market's upload folder, to prove refused uploads leave nothing behind.
    var marketFiles: [String] {
        let folder = dataDirectory.appendingPathComponent("uploads/market")
        return (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }
}

enum MarketFixtures {
    static let jpeg = try! ImagePipeline.jpeg(rgb: [UInt8](repeating: 180, count: 64 * 48 * 3), width: 64, height: 48)

    static func fixture(_ name: String) -> Data {
        try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/images/\(name)"))
    }
}
