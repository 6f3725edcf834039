import Fluent
import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// Sprout's own endpoints for closing a deal: reserve, release, sell and review a trade (the
/// seller and the buyer, signed in), and a seller's public profile with their trust.
struct TradesController: Sendable {
    let trades: TradeDesk
    let vendors: VendorDirectory

    func register(public routes: DocumentedRoutes, signedIn: DocumentedRoutes) {
        let signedInResponses = AccountMarketController.signedIn
        routes.on(Market.Routes.vendorProfile, doc: .init(
            "A seller: their trust and the reviews of their trades",
            description: "Trust is a temperature from 36.5: +0.5 for each great, +0.25 for each good, −1.5 for each bad review, between 0 and 99.",
            responses: [200: "The seller's profile", 404: "No such seller"]
        ), use: profile)
        signedIn.on(Market.Routes.reserve, doc: .init(
            "Reserve the product for someone who wrote about it",
            description: "A line in their conversation and a `trade_news` notification tell them, at the offer accepted from them if any.",
            responses: signedInResponses.merging([200: "{product_id, sale_state, buyer}", 400: "That person never wrote about this product",
                                                  403: "Not my product", 404: "No such product"]) { $1 }
        ), use: reserve)
        signedIn.on(Market.Routes.releaseReservation, doc: .init(
            "Release the reservation: for sale again",
            responses: signedInResponses.merging([200: "{product_id, sale_state, buyer}", 403: "Not my product", 404: "No such product"]) { $1 }
        ), use: release)
        signedIn.on(Market.Routes.markSold, doc: .init(
            "Mark the product sold: to someone who wrote about it, or elsewhere (no buyer)",
            description: """
                The buyer and everyone else who wrote about it are told in their conversations (`trade_news`); after a sale to a buyer \
                both sides get a `review_request`. Every offer still open is declined, but the buyer's accepted one.
                """,
            responses: signedInResponses.merging([200: "{product_id, sale_state, buyer}", 400: "That person never wrote about this product",
                                                  403: "Not my product", 404: "No such product"]) { $1 }
        ), use: sell)
        signedIn.on(Market.Routes.reviewTrade, doc: .init(
            "Review the other side of a finished trade, once",
            description: """
                `tags` are 매너 tags by code: with `great` or `good`, `punctual`, `kind`, `responsive` and, of the seller, `as_described` and \
                `fair_price`; with `bad`, their opposites `not_punctual`, `unkind`, `slow_to_reply`, `not_as_described` and `overpriced`. \
                A seller's profile counts the tags of the reviews that count.
                """,
            responses: signedInResponses.merging([200: "{product_id, sale_state, buyer}",
                                                  400: "Unknown rating, a text over 500 characters, or a tag unknown or not fitting the rating or side",
                                                  403: "Neither the seller nor the buyer", 404: "No such product",
                                                  409: "Reviewed already, or not sold to a buyer"]) { $1 }
        ), use: review)
    }

    func profile(_ req: Request) async throws -> Market.VendorProfile {
        guard let id = Market.Routes.vendorProfile.parameters(in: req), let vendor = try await vendors.vendor(id: id, on: req.db) else {
            throw ProductError.notFound
        }
        let reputation = try await trades.reputation(of: vendor.$account.id, on: req.db)
        return Market.VendorProfile(vendorID: id, name: vendor.name, since: MarketPresenter.date(vendor.createdAt), trust: reputation.trust,
                                    reviews: reputation.reviews, tags: reputation.tags)
    }

    func reserve(_ req: Request) async throws -> Market.TradeState {
        let buyer = try req.decodeBody(Market.ReservationRequest.self).buyer
        return Self.state(try await trades.reserve(try ProductsController.productID(req, at: Market.Routes.reserve), for: buyer, by: try req.authenticatedAccountID, on: req.db))
    }

    func release(_ req: Request) async throws -> Market.TradeState {
        Self.state(try await trades.release(try ProductsController.productID(req, at: Market.Routes.releaseReservation), by: try req.authenticatedAccountID, on: req.db))
    }

    func sell(_ req: Request) async throws -> Market.TradeState {
        let buyer = try req.decodeBody(Market.SoldRequest.self).buyer
        return Self.state(try await trades.sell(try ProductsController.productID(req, at: Market.Routes.markSold), to: buyer, by: try req.authenticatedAccountID, on: req.db))
    }

    func review(_ req: Request) async throws -> Market.TradeState {
        let body = try req.decodeBody(Market.TradeReviewRequest.self)
        let id = try ProductsController.productID(req, at: Market.Routes.reviewTrade)
        try await trades.review(id, by: try req.authenticatedAccountID, rating: body.rating, text: body.text ?? "", tags: body.tags, on: req.db)
        return Self.state(try await trades.catalog.find(id, on: req.db))
    }

    static func state(_ product: Product) -> Market.TradeState {
        Market.TradeState(productID: product.id ?? 0, saleState: product.saleState, buyer: product.buyerAccountID)
    }
}
