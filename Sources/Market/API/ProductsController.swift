import Fluent
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// The open-market contract: health check, list, detail, register, edit and both delete flows.
struct ProductsController: Sendable {
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let answers: AnswerCache<MarketRead>
    let publicURL: String?
    let uploadBodyLimit: ByteCount

    /// Both paging values are whole numbers from 1 (400 otherwise); pages hold at most 100.
    static let pagingParameters: [APIOperation.Parameter] = [
        .init("page_no", required: true, .integer(1...ProductCatalog.maxPageNumber), "1-based page"),
        .init("items_per_page", required: true, .integer(1...ProductCatalog.maxPageNumber), "Taken as 100 when larger"),
    ]
    static let identifier = APIOperation.Parameter("identifier", required: true, "Vendor identifier (400 when missing or unknown)")

    func register(on api: DocumentedRoutes, root: DocumentedRoutes) {
        root.on(Market.Routes.healthCheck, doc: .init("Health check", responses: [200: "The JSON string \"OK\""]), use: { _ in "OK" })
        api.onResponse(Market.Routes.products, doc: .init(
            "A page of products, newest first",
            query: ProductsController.pagingParameters + [.init("search_value", "Matches name and description, case-insensitively")],
            responses: [200: "Page object (camelCase keys, with the 2022a snake_case keys beside them)", 400: "page_no or items_per_page missing or not a positive number"],
            answer: Market.Page.self
        ), use: list)
        api.onResponse(Market.Routes.product, doc: .init(
            "A product", description: "A trailing slash (`/api/products/{id}/`) is accepted too.",
            responses: [200: "Product detail", 404: "No such product"], answer: Market.ProductDetail.self
        ), use: detail)
        api.on(Market.Routes.register, body: .collect(maxSize: uploadBodyLimit), doc: .init(
            "Register a product", description: "Multipart: a `params` JSON part and 1–5 `images` parts.",
            headers: [Self.identifier],
            body: .multipart([.init("params", required: true, .string(), "The product as JSON: name, description, price, currency, discounted_price, stock, secret"),
                              .init("images", required: true, .repeated(.file), "1 to 5 JPEG or PNG images")]),
            responses: [200: "The new product's detail (dates with a fraction: yyyy-MM-dd'T'HH:mm:ss.SS)",
                        400: "Unknown identifier, wrong secret, invalid fields, missing or bad images, malformed body"]
        ), use: create)
        api.on(Market.Routes.update, doc: .init(
            "Edit a product", description: "Only the fields sent change; `secret` is required.", headers: [Self.identifier],
            responses: [200: "The updated product's detail", 400: "Unknown identifier, wrong secret, another vendor's product, invalid fields", 404: "No such product"]
        ), use: update)
        let lookup: [Int: String] = [200: "text/plain", 400: "Unknown identifier, wrong secret or another vendor's product", 404: "No such product"]
        api.onResponse(Market.Routes.productSecret, doc: .init(
            "2022a: the product secret for deleting", headers: [Self.identifier],
            responses: lookup.merging([200: "The product secret, as text/plain"]) { $1 }, responseContent: "text/plain"
        ), use: productSecret)
        api.onResponse(Market.Routes.archivedPath, doc: .init(
            "2022b: the path to DELETE", headers: [Self.identifier],
            responses: lookup.merging([200: "The path `\(Market.Routes.deleteWithToken.template)`, as text/plain"]) { $1 }, responseContent: "text/plain"
        ), use: archivedPath)
        api.on(Market.Routes.deleteWithToken, doc: .init(
            "Delete with the secret or the archived path", headers: [Self.identifier],
            responses: [200: "The deleted product's detail", 400: "Unknown identifier or another vendor's product", 404: "No such product or token"]
        ), use: deleteWithToken)
        api.on(Market.Routes.deleteWithBareToken, doc: .init(
            "Delete by the last segment of the archived path (one client's reading of it)", headers: [Self.identifier],
            responses: [200: "The deleted product's detail", 400: "Unknown identifier or another vendor's product", 404: "No such token"]
        ), use: deleteWithBareToken)
    }

    func presenter(for req: Request) -> MarketPresenter {
        MarketPresenter(baseURL: req.publicBaseURL(configured: publicURL))
    }

    func list(_ req: Request) async throws -> EncodedJSON {
        let (number, size) = try Self.paging(req)
        let search = req.queryValue("search_value")
        let presenter = presenter(for: req)
        return EncodedJSON(try await answers.answer(.page(baseURL: presenter.baseURL, number: number, size: size, search: search), for: req) {
            try WireJSON.encoder().encode(try await ProductListing().page(number: number, size: size, search: search, presenter: presenter, on: req.db))
        })
    }

    func detail(_ req: Request) async throws -> EncodedJSON {
        let id = try Self.productID(req, at: Market.Routes.product)
        let presenter = presenter(for: req)
        return EncodedJSON(try await answers.answer(.detail(baseURL: presenter.baseURL, id: id), for: req) {
            // The contract carries no credential: a product the operator removed is gone for all.
            try WireJSON.encoder().encode(presenter.detail(try await catalog.find(id, shownTo: nil, on: req.db)))
        })
    }

    func create(_ req: Request) async throws -> Market.ProductDetail {
        let parts = try req.multipartParts()
        guard let paramsPart = parts.first(where: { $0.name == "params" }) else {
            throw Abort(.badRequest, reason: "The params part is missing.")
        }
        let params: Market.ProductParams
        do {
            guard !NULFreeText.jsonHasNUL(paramsPart.body.readableBytesView) else { throw NULFreeText.refusal }
            params = try JSONDecoder().decode(Market.ProductParams.self, from: Data(buffer: paramsPart.body))
        } catch {
            throw Abort(.badRequest, reason: "The params part is not a valid product JSON object.")
        }
        let vendor = try await vendors.authenticate(identifier: req.headers.first(name: "identifier"), secret: params.secret, on: req.db)
        let images = parts.filter { $0.name == "images" || $0.name == "images[]" }.map { Data(buffer: $0.body) }
        let product = try await catalog.create(by: vendor, params: params, images: images, on: req.db)
        return presenter(for: req).detail(product, dates: MarketPresenter.registrationDate)
    }

    func update(_ req: Request) async throws -> Market.ProductDetail {
        let params = try req.decodeBody(Market.ProductParams.self)
        let product = try await catalog.find(try Self.productID(req, at: Market.Routes.update), on: req.db)
        return try await Self.byItsVendor(product) {
            let vendor = try await vendors.authenticate(identifier: req.headers.first(name: "identifier"), secret: params.secret, on: req.db)
            return presenter(for: req).detail(try await catalog.update(product, by: vendor, params: params, on: req.db))
        }
    }

    func productSecret(_ req: Request) async throws -> Response {
        Self.text(try await ownedProduct(req, at: Market.Routes.productSecret).deleteToken)
    }

    func archivedPath(_ req: Request) async throws -> Response {
        let product = try await ownedProduct(req, at: Market.Routes.archivedPath)
        return Self.text(Market.Routes.deleteWithToken.pathTemplate.encodedPath((try product.requireID(), product.deleteToken)))
    }

    func deleteWithToken(_ req: Request) async throws -> Market.ProductDetail {
        guard let (id, token) = Market.Routes.deleteWithToken.parameters(in: req), id > 0 else { throw ProductError.notFound }
        let product = try await catalog.find(id, on: req.db)
        guard constantTimeEquals(token, product.deleteToken) else { throw ProductError.notFound }
        return try await Self.byItsVendor(product) { try await delete(product, req) }
    }

    func deleteWithBareToken(_ req: Request) async throws -> Market.ProductDetail {
        // The bare token is the path's `{id}` (see `Market.Routes.deleteWithBareToken`).
        guard let token = Market.Routes.deleteWithBareToken.parameters(in: req), !token.isEmpty,
              let id = try await Product.query(on: req.db).filter(\.$deleteToken == token).first()?.requireID()
        else { throw ProductError.notFound }
        let product = try await catalog.find(id, on: req.db)
        return try await Self.byItsVendor(product) { try await delete(product, req) }
    }

    /// Deleting needs the identifier only: the token itself was handed out for the secret.
    private func delete(_ product: Product, _ req: Request) async throws -> Market.ProductDetail {
        guard let identifier = req.headers.first(name: "identifier")?.lowercased(),
              let vendor = try await Vendor.query(on: req.db).filter(\.$identifier == identifier).first()
        else { throw VendorError.unknownIdentifier }
        let answer = presenter(for: req).detail(product)
        try await catalog.delete(product, by: vendor, on: req.db)
        return answer
    }

    /// The product `route` names, after checking the vendor's identifier and secret. The body is
    /// `{"secret": …}`, or, as Dotori sends it, a bare JSON string.
    private func ownedProduct(_ req: Request, at route: APIRoute<Int, Market.SecretRequest, NotJSON>) async throws -> Product {
        let product = try await catalog.find(try Self.productID(req, at: route), on: req.db)
        let secret = (try? req.decodeBody(Market.SecretRequest.self).secret) ?? (try? req.decodeBody(String.self))
        return try await Self.byItsVendor(product) {
            let vendor = try await vendors.authenticate(identifier: req.headers.first(name: "identifier"), secret: secret, on: req.db)
            guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
            return product
        }
    }

    /// A vendor's call on `product`. One the operator removed is there for its vendor alone
    /// (`ProductRemoval`): to anyone else, whatever credentials they send, it is no such product,
    /// so the answer tells nothing of it. Its vendor may still edit (it stays removed) or delete it.
    static func byItsVendor<Answer>(_ product: Product, _ call: () async throws -> Answer) async throws -> Answer {
        guard product.removedAt != nil else { return try await call() }
        do {
            return try await call()
        } catch is VendorError {
            throw ProductError.notFound
        } catch ProductError.notOwner {
            throw ProductError.notFound
        }
    }

    /// The product `route` names: a number from 1, or no such product.
    static func productID<Body, Answer>(_ req: Request, at route: APIRoute<Int, Body, Answer>) throws -> Int {
        guard let id = route.parameters(in: req), id > 0 else { throw ProductError.notFound }
        return id
    }

    /// `page_no` and `items_per_page`, the latter clamped to `ProductCatalog.maxItemsPerPage`.
    static func paging(_ req: Request) throws -> (number: Int, size: Int) {
        (try positiveInteger("page_no", in: req), min(try positiveInteger("items_per_page", in: req), ProductCatalog.maxItemsPerPage))
    }

    /// A paging value: a whole number from 1 to `ProductCatalog.maxPageNumber` (400 otherwise).
    static func positiveInteger(_ name: String, in req: Request) throws -> Int {
        guard let text = req.queryValue(name), let value = Int(text.trimmingWhitespace()),
              (1...ProductCatalog.maxPageNumber).contains(value)
        else {
            throw Abort(.badRequest, reason: "\(name) must be a whole number from 1 to \(ProductCatalog.maxPageNumber).")
        }
        return value
    }

    static func text(_ body: String) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .plainText
        return Response(status: .ok, headers: headers, body: .init(string: body))
    }
}
