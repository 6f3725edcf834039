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
        try await api.send(Endpoint(Market.Routes.healthCheck)) == "OK"
    }

    public func products(page: Int, itemsPerPage: Int, search: String? = nil) async throws -> Market.Page {
        var query = Self.paging(page, itemsPerPage)
        if let search, !search.isEmpty { query.append(("search_value", search)) }
        return try await api.send(Endpoint(Market.Routes.products, query: query))
    }

    public func product(id: Int) async throws -> Market.ProductDetail {
        try await api.send(Endpoint(Market.Routes.product, id))
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
        return try await api.send(Endpoint(Market.Routes.register, headers: Self.identifier(key), body: .multipart(form)))
    }

    /// Changes the fields set in `params`.
    public func update(id: Int, _ params: Market.ProductParams, as key: VendorKey) async throws -> Market.ProductDetail {
        var params = params
        params.secret = key.secret
        return try await api.send(Endpoint(Market.Routes.update, id, headers: Self.identifier(key), body: params))
    }

    /// Deletes the 2022b way: asks for the archived path (`Market.Routes.deleteWithToken`'s,
    /// filled by the server), then DELETEs it.
    @discardableResult
    public func delete(id: Int, as key: VendorKey) async throws -> Market.ProductDetail {
        let path = try await api.send(textEndpoint(Market.Routes.archivedPath, id, key: key))
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return try await api.send(Endpoint(method: Market.Routes.deleteWithToken.method, path: relative, headers: Self.identifier(key)))
    }

    /// The 2022a product secret, for clients of that generation.
    public func productSecret(id: Int, as key: VendorKey) async throws -> String {
        try await api.send(textEndpoint(Market.Routes.productSecret, id, key: key))
    }

    private func textEndpoint(_ route: APIRoute<Int, Market.SecretRequest, NotJSON>, _ id: Int, key: VendorKey) throws -> Endpoint<String> {
        try Endpoint(route, id, headers: Self.identifier(key), body: Market.SecretRequest(secret: key.secret)) {
            String(decoding: $0, as: UTF8.self)
        }
    }

    private static func identifier(_ key: VendorKey) -> [(name: String, value: String)] {
        [("identifier", key.identifier)]
    }

    private static func paging(_ page: Int, _ itemsPerPage: Int) -> [(name: String, value: String)] {
        [("page_no", String(page)), ("items_per_page", String(itemsPerPage))]
    }

    // MARK: Sprout's account endpoints

    public func vendor() async throws -> Market.VendorCredentials {
        try await api.send(Endpoint(Market.Routes.vendor))
    }

    /// Makes the signed-in account a vendor; the answer holds the secret, shown this once.
    public func becomeVendor(name: String) async throws -> Market.VendorCredentials {
        try await api.send(Endpoint(Market.Routes.becomeVendor, body: Market.BecomeVendorRequest(name: name)))
    }

    public func rotateVendorSecret() async throws -> Market.VendorCredentials {
        try await api.send(Endpoint(Market.Routes.rotateVendorSecret))
    }

    public func setLike(_ liked: Bool, productID: Int) async throws -> Market.LikeStatus {
        try await api.send(Endpoint(liked ? Market.Routes.like : Market.Routes.unlike, productID))
    }

    public func likeStatus(productID: Int) async throws -> Market.LikeStatus {
        try await api.send(Endpoint(Market.Routes.likeStatus, productID))
    }

    public func likedProducts(page: Int, itemsPerPage: Int) async throws -> Market.Page {
        try await api.send(Endpoint(Market.Routes.likes, query: Self.paging(page, itemsPerPage)))
    }

    public func myProducts(page: Int, itemsPerPage: Int) async throws -> Market.Page {
        try await api.send(Endpoint(Market.Routes.myProducts, query: Self.paging(page, itemsPerPage)))
    }
}
