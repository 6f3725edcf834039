import Fluent
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Sprout's own market endpoints for a signed-in account: vendor credentials, likes and "my
/// products" (the original app kept likes and its own products on the device).
struct AccountMarketController: Sendable {
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let likes: ProductLikes
    let clock: WallClock
    let publicURL: String?

    static let signedIn: [Int: String] = [401: "Not signed in", 419: "Access token expired: refresh"]

    func register(on routes: DocumentedRoutes) {
        routes.on(Market.Routes.vendor, doc: .init("My vendor credentials (without the secret)",
            responses: Self.signedIn.merging([200: "{vendor_id, name, identifier}", 404: "Not a vendor yet"]) { $1 }), use: myVendor)
        routes.on(Market.Routes.becomeVendor, doc: .init("Become a vendor", description: "The secret is in this answer only.",
            responses: Self.signedIn.merging([200: "{vendor_id, name, identifier, secret}", 400: "Name must have 2 to 30 characters", 409: "Already a vendor, or the name is taken"]) { $1 }), use: becomeVendor)
        routes.on(Market.Routes.rotateVendorSecret, doc: .init("Rotate the vendor secret",
            responses: Self.signedIn.merging([200: "{vendor_id, name, identifier, secret}", 404: "Not a vendor yet"]) { $1 }), use: rotateSecret)
        routes.on(Market.Routes.likes, doc: .init("Products I like, most recently liked first",
            query: ProductsController.pagingParameters,
            responses: Self.signedIn.merging([200: "Page object", 400: "Bad paging values"]) { $1 }), use: likes)
        routes.on(Market.Routes.like, doc: .init("Like a product",
            responses: Self.signedIn.merging([200: "{product_id, liked}", 404: "No such product"]) { $1 }), use: like)
        routes.on(Market.Routes.unlike, doc: .init("Unlike a product",
            responses: Self.signedIn.merging([200: "{product_id, liked}", 404: "No such product"]) { $1 }), use: unlike)
        routes.on(Market.Routes.likeStatus, doc: .init("Whether I like a product",
            responses: Self.signedIn.merging([200: "{product_id, liked}", 404: "No such product"]) { $1 }), use: likeStatus)
        routes.on(Market.Routes.myProducts, doc: .init("My products as a vendor, newest first",
            description: "`tab` lists one tab of them: for sale, reserved or sold (each without the hidden ones), or hidden.",
            query: ProductsController.pagingParameters + [Self.tabParameter],
            responses: Self.signedIn.merging([200: "Page object (empty when not a vendor)", 400: "Bad paging values or an unknown tab"]) { $1 }), use: myProducts)
        routes.on(Market.Routes.purchases, doc: .init("What was sold to me (구매내역), newest first",
            query: ProductsController.pagingParameters,
            responses: Self.signedIn.merging([200: "Page object", 400: "Bad paging values"]) { $1 }), use: purchases)
    }

    func myVendor(_ req: Request) async throws -> Market.VendorCredentials {
        guard let vendor = try await vendors.vendor(ofAccount: try req.authenticatedAccountID, on: req.db) else {
            throw Abort(.notFound, reason: "This account is not a vendor yet.")
        }
        return Market.VendorCredentials(vendorID: try vendor.requireID(), name: vendor.name, identifier: vendor.identifier, secret: nil)
    }

    func becomeVendor(_ req: Request) async throws -> Market.VendorCredentials {
        let body = try req.decodeBody(Market.BecomeVendorRequest.self)
        do {
            let (vendor, secret) = try await vendors.register(accountID: try req.authenticatedAccountID, name: body.name, on: req.db)
            return Market.VendorCredentials(vendorID: try vendor.requireID(), name: vendor.name, identifier: vendor.identifier, secret: secret)
        } catch VendorError.alreadyAVendor {
            throw Abort(.conflict, reason: MarketErrorMiddleware.reason(.alreadyAVendor))
        } catch VendorError.nameTaken {
            throw Abort(.conflict, reason: MarketErrorMiddleware.reason(.nameTaken))
        }
    }

    func rotateSecret(_ req: Request) async throws -> Market.VendorCredentials {
        guard let vendor = try await vendors.vendor(ofAccount: try req.authenticatedAccountID, on: req.db) else {
            throw Abort(.notFound, reason: "This account is not a vendor yet.")
        }
        let secret = try await vendors.rotateSecret(of: vendor, on: req.db)
        return Market.VendorCredentials(vendorID: try vendor.requireID(), name: vendor.name, identifier: vendor.identifier, secret: secret)
    }

    func likes(_ req: Request) async throws -> Market.Page {
        let (number, size) = try ProductsController.paging(req)
        let page = try await likes.likedProducts(by: try req.authenticatedAccountID, page: number, size: size, catalog: catalog, on: req.db)
        return MarketPresenter(baseURL: req.publicBaseURL(configured: publicURL)).page(page)
    }

    func like(_ req: Request) async throws -> Market.LikeStatus {
        let accountID = try req.authenticatedAccountID
        let product = try await catalog.find(try ProductsController.productID(req, at: Market.Routes.like), shownTo: accountID, on: req.db)
        try await likes.like(product, by: accountID, on: req.db)
        return Market.LikeStatus(productID: try product.requireID(), liked: true)
    }

    func unlike(_ req: Request) async throws -> Market.LikeStatus {
        let accountID = try req.authenticatedAccountID
        let productID = try await existingProductID(req, at: Market.Routes.unlike, shownTo: accountID)
        try await likes.unlike(productID, by: accountID, on: req.db)
        return Market.LikeStatus(productID: productID, liked: false)
    }

    func likeStatus(_ req: Request) async throws -> Market.LikeStatus {
        let accountID = try req.authenticatedAccountID
        let productID = try await existingProductID(req, at: Market.Routes.likeStatus, shownTo: accountID)
        return Market.LikeStatus(productID: productID, liked: try await likes.isLiked(productID, by: accountID, on: req.db))
    }

    static let tabParameter = APIOperation.Parameter("tab", .choice(Market.MyProductsTab.allCases.map(\.rawValue)), "One tab of my products; all of them when left out")

    func myProducts(_ req: Request) async throws -> Market.Page {
        let (number, size) = try ProductsController.paging(req)
        let tab = try Self.tab(req)
        let vendor = try await vendors.vendor(ofAccount: try req.authenticatedAccountID, on: req.db)
        let page: ProductPage
        if let tab {
            page = try await catalog.products(ofVendor: vendor, tab: tab, page: number, size: size, on: req.db)
        } else {
            page = try await catalog.products(ofVendor: vendor, page: number, size: size, on: req.db)
        }
        return MarketPresenter(baseURL: req.publicBaseURL(configured: publicURL)).page(page)
    }

    /// `tab`, when one is named (an empty `?tab=` names none); 400 for a name no tab has.
    static func tab(_ req: Request) throws -> Market.MyProductsTab? {
        guard let text = req.queryValue("tab")?.trimmingWhitespace(), !text.isEmpty else { return nil }
        guard let tab = Market.MyProductsTab(rawValue: text.lowercased()) else {
            throw Abort(.badRequest, reason: "tab must be one of \(Market.MyProductsTab.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return tab
    }

    func purchases(_ req: Request) async throws -> Market.Page {
        let (number, size) = try ProductsController.paging(req)
        let page = try await catalog.purchases(of: try req.authenticatedAccountID, page: number, size: size, on: req.db)
        return MarketPresenter(baseURL: req.publicBaseURL(configured: publicURL)).page(page)
    }

    /// The product `route` names as `accountID` may see it: one the operator removed is not found
    /// but by its seller (`ProductRemoval`).
    private func existingProductID(_ req: Request, at route: APIRoute<Int, NoBody, Market.LikeStatus>, shownTo accountID: String) async throws -> Int {
        try await catalog.find(try ProductsController.productID(req, at: route), shownTo: accountID, on: req.db).requireID()
    }
}
