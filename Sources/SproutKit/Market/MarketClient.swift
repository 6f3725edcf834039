import Foundation
import SproutAPI

/// Vendor credentials for the contract's mutating calls: `identifier` travels as a header, the
/// secret in the body. Dotori asks the person for the secret before each change.
public struct VendorKey: Sendable, Equatable {
    public var identifier: String
    public var secret: String

    public init(identifier: String, secret: String) {
        self.identifier = identifier
        self.secret = secret
    }
}

/// Dotori Market's server: the open-market contract (`/healthChecker`, `/api/products…`) and
/// Sprout's vendor, likes and my-products endpoints, which need a signed-in `session`.
public struct MarketClient: Sendable {
    public let api: APIClient

    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .market, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    // MARK: The contract

    /// `true` when the server answers the health check with the JSON string `"OK"`.
    public func healthCheck() async throws -> Bool {
        try await api.send(Endpoint<String>(method: .get, path: "healthChecker")) == "OK"
    }

    public func products(page: Int, itemsPerPage: Int, search: String? = nil) async throws -> Market.Page {
        var query = [("page_no", String(page)), ("items_per_page", String(itemsPerPage))]
        if let search, !search.isEmpty { query.append(("search_value", search)) }
        return try await api.send(Endpoint(method: .get, path: "api/products", query: query))
    }

    public func product(id: Int) async throws -> Market.ProductDetail {
        try await api.send(Endpoint(method: .get, path: "api/products/\(id)"))
    }

    /// Registers a product: a `params` JSON part and one `images` part per photo.
    public func register(_ params: Market.ProductParams, images: [ImageUpload], as key: VendorKey) async throws -> Market.ProductDetail {
        var params = params
        params.secret = key.secret
        var form = MultipartForm()
        form.parts.append(.init(name: "params", contentType: "application/json", data: try JSONEncoder().encode(params)))
        for image in images {
            form.append(name: "images", filename: image.filename, contentType: image.contentType, data: image.data)
        }
        return try await api.send(Endpoint(method: .post, path: "api/products", headers: [("identifier", key.identifier)], body: .multipart(form)))
    }

    /// Changes the fields set in `params`.
    public func update(id: Int, _ params: Market.ProductParams, as key: VendorKey) async throws -> Market.ProductDetail {
        var params = params
        params.secret = key.secret
        return try await api.send(Endpoint(method: .patch, path: "api/products/\(id)", headers: [("identifier", key.identifier)], body: try .json(params)))
    }

    /// Deletes the 2022b way: asks for the archived path, then DELETEs it.
    @discardableResult
    public func delete(id: Int, as key: VendorKey) async throws -> Market.ProductDetail {
        let path = try await api.send(textEndpoint(.post, "api/products/\(id)/archived", key: key))
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return try await api.send(Endpoint(method: .delete, path: relative, headers: [("identifier", key.identifier)]))
    }

    /// The 2022a product secret, for clients of that generation.
    public func productSecret(id: Int, as key: VendorKey) async throws -> String {
        try await api.send(textEndpoint(.post, "api/products/\(id)/secret", key: key))
    }

    private func textEndpoint(_ method: HTTPMethod, _ path: String, key: VendorKey) throws -> Endpoint<String> {
        Endpoint(method: method, path: path, headers: [("identifier", key.identifier)], body: try .json(Market.SecretRequest(secret: key.secret))) {
            String(decoding: $0, as: UTF8.self)
        }
    }

    // MARK: Sprout's account endpoints

    public func vendor() async throws -> Market.VendorCredentials {
        try await api.send(Endpoint(method: .get, path: "api/market/vendor", requiresAuthentication: true))
    }

    /// Makes the signed-in account a vendor; the answer holds the secret, shown this once.
    public func becomeVendor(name: String) async throws -> Market.VendorCredentials {
        try await api.send(Endpoint(method: .post, path: "api/market/vendor", body: try .json(Market.BecomeVendorRequest(name: name)), requiresAuthentication: true))
    }

    public func rotateVendorSecret() async throws -> Market.VendorCredentials {
        try await api.send(Endpoint(method: .post, path: "api/market/vendor/secret", requiresAuthentication: true))
    }

    public func setLike(_ liked: Bool, productID: Int) async throws -> Market.LikeStatus {
        try await api.send(Endpoint(method: liked ? .put : .delete, path: "api/market/likes/\(productID)", requiresAuthentication: true))
    }

    public func likeStatus(productID: Int) async throws -> Market.LikeStatus {
        try await api.send(Endpoint(method: .get, path: "api/market/likes/\(productID)", requiresAuthentication: true))
    }

    public func likedProducts(page: Int, itemsPerPage: Int) async throws -> Market.Page {
        try await api.send(Endpoint(method: .get, path: "api/market/likes", query: [("page_no", String(page)), ("items_per_page", String(itemsPerPage))], requiresAuthentication: true))
    }

    public func myProducts(page: Int, itemsPerPage: Int) async throws -> Market.Page {
        try await api.send(Endpoint(method: .get, path: "api/market/my-products", query: [("page_no", String(page)), ("items_per_page", String(itemsPerPage))], requiresAuthentication: true))
    }
}
