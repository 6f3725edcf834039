import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// 가격 제안 on Sprout's market API: the buyer offers a price in their conversation about a
/// product, the seller accepts or declines it and lists a product's offers (`PriceOffers`).
struct OffersController: Sendable {
    let offers: PriceOffers

    func register(on routes: DocumentedRoutes) {
        let responses = { (more: [Int: String]) in AccountMarketController.signedIn.merging(more) { $1 } }
        routes.on(Market.Routes.makeOffer, doc: .init(
            "Offer a price for the product a conversation of mine is about",
            description: """
                The buyer offers a whole number of won from 1 to one less than the price it sells at now (its price less the discount), \
                while it is for sale and its seller takes offers; a giveaway (price 0) takes none. A new offer withdraws the buyer's \
                offer still waiting. The offer is a line in the conversation, and the seller is notified.
                """,
            responses: responses([200: "The offer, pending", 400: "price is not a whole number, or out of range", 403: "The seller cannot offer",
                                  404: "No such conversation of mine about a product",
                                  409: "Reserved, sold or hidden; the seller takes no offers; or another offer was made at the same moment"])
        ), use: offer)
        routes.on(Market.Routes.acceptOffer, doc: .init(
            "Accept a waiting offer for my product",
            description: """
                The accepted offer is the price of the trade with its buyer. A product has one accepted offer at a time: \
                accepting one declines the one accepted before. Of two accepts at once, one accepts and the other answers 409.
                """,
            responses: responses([200: "The offer, accepted", 403: "Only the seller answers offers", 404: "No such offer for a product of mine",
                                  409: "Answered or withdrawn already, or the product is sold"])
        ), use: accept)
        routes.on(Market.Routes.declineOffer, doc: .init(
            "Decline a waiting offer for my product",
            responses: responses([200: "The offer, declined", 403: "Only the seller answers offers", 404: "No such offer for a product of mine",
                                  409: "Answered or withdrawn already"])
        ), use: decline)
        routes.on(Market.Routes.productOffers, doc: .init(
            "The offers for my product, newest first",
            responses: responses([200: "{offers}", 403: "Not my product", 404: "No such product"])
        ), use: list)
    }

    func offer(_ req: Request) async throws -> Market.Offer {
        let me = try req.authenticatedAccountID
        let body = try req.decodeBody(Market.OfferRequest.self)
        return Self.wire(try await offers.offer(body.price, in: Market.Routes.makeOffer.parameters(in: req) ?? "", by: me, on: req.db))
    }

    func accept(_ req: Request) async throws -> Market.Offer {
        Self.wire(try await offers.accept(try Self.offerID(req, at: Market.Routes.acceptOffer), by: try req.authenticatedAccountID, on: req.db))
    }

    func decline(_ req: Request) async throws -> Market.Offer {
        Self.wire(try await offers.decline(try Self.offerID(req, at: Market.Routes.declineOffer), by: try req.authenticatedAccountID, on: req.db))
    }

    func list(_ req: Request) async throws -> Market.OfferList {
        let listed = try await offers.offers(for: try ProductsController.productID(req, at: Market.Routes.productOffers), by: try req.authenticatedAccountID, on: req.db)
        return Market.OfferList(offers: listed.map { Self.wire($0.offer) })
    }

    /// The offer `route` names: a number from 1; anything else names no offer.
    static func offerID(_ req: Request, at route: APIRoute<Int, NoBody, Market.Offer>) throws -> Int {
        guard let id = route.parameters(in: req), id > 0 else { throw OfferError.notFound }
        return id
    }

    static func wire(_ offer: PriceOffer) -> Market.Offer {
        Market.Offer(
            offerID: offer.id ?? 0, productID: offer.productID, conversationID: offer.conversationID, buyerID: offer.buyerID,
            price: offer.price, state: Market.OfferState(rawValue: offer.state) ?? .pending,
            createdAt: UTCTimestamp.format(offer.createdAt) + "Z", decidedAt: offer.decidedAt.map { UTCTimestamp.format($0) + "Z" }
        )
    }
}
