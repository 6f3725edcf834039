import Foundation
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Sprout's own endpoints for a seller's controls of a listing: bump it to the top (끌올), hide it
/// from every public list and show it again.
struct ProductControlsController: Sendable {
    let bumps: ProductBumps
    let hiding: ProductHiding

    func register(on routes: DocumentedRoutes) {
        let responses = { (more: [Int: String]) in AccountMarketController.signedIn.merging(more) { $1 } }
        routes.on(Market.Routes.bump, doc: .init(
            "Bump my product to the top of the lists (끌올)",
            description: "Once every \(ProductBumps.intervalDays) days, counted from the last bump or from listing; only a product for sale and not hidden. "
                + "Two bumps at once bump once. A 409 for a bump too soon carries `next_bump_at`.",
            responses: responses([200: "{id, bumped_at, next_bump_at}", 403: "Not my product", 404: "No such product",
                                  409: "Bumped less than \(ProductBumps.intervalDays) days ago (with next_bump_at), or reserved, sold or hidden"]),
            errorAnswer: Market.BumpRefusal.self
        ), use: bump)
        routes.on(Market.Routes.hide, doc: .init(
            "Hide my product from every list",
            description: "Browse, search, the seller's page and the open-market contract's list leave it out; its own detail still answers. Hiding twice is once.",
            responses: responses([200: "The product's state", 403: "Not my product", 404: "No such product"])
        ), use: hide)
        routes.on(Market.Routes.unhide, doc: .init(
            "Show my hidden product again",
            responses: responses([200: "The product's state", 403: "Not my product", 404: "No such product"])
        ), use: unhide)
    }

    func bump(_ req: Request) async throws -> Market.Bump {
        let bumped = try await bumps.bump(try ProductsController.productID(req, at: Market.Routes.bump), by: try req.authenticatedAccountID, on: req.db)
        return Market.Bump(id: bumped.productID, bumpedAt: Self.time(bumped.bumpedAt), nextBumpAt: Self.time(bumped.nextBumpAt))
    }

    func hide(_ req: Request) async throws -> Market.ListingState {
        Self.state(try await hiding.setHidden(true, try ProductsController.productID(req, at: Market.Routes.hide), by: try req.authenticatedAccountID, on: req.db))
    }

    func unhide(_ req: Request) async throws -> Market.ListingState {
        Self.state(try await hiding.setHidden(false, try ProductsController.productID(req, at: Market.Routes.unhide), by: try req.authenticatedAccountID, on: req.db))
    }

    static func state(_ product: Product) -> Market.ListingState {
        Market.ListingState(id: product.id ?? 0, saleState: product.saleState, hidden: product.hidden,
                            bumpedAt: time(product.bumpedAt), nextBumpAt: time(ProductBumps.nextBump(after: product.bumpedAt)))
    }

    /// Sprout's own API writes its times in UTC with the `Z` that says so.
    static func time(_ date: Date) -> String {
        UTCTimestamp.format(date) + "Z"
    }
}
