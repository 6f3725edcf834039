import Vapor

/// Price offers' refusals on Sprout's market API, in the market's `{ "error": true, "reason": … }`
/// shape (`MarketErrorMiddleware`): 404 for what is not the caller's to see, 403 for the wrong
/// side, 409 for a product or offer whose state stands in the way, 400 for a price out of range.
extension MarketErrorMiddleware {
    static func abort(_ error: OfferError) -> Abort {
        switch error {
        case .notFound: Abort(.notFound, reason: "No such conversation about a product, or offer, of yours.")
        case .sellerCannotOffer: Abort(.forbidden, reason: "The seller answers offers; the buyer makes them.")
        case .notSeller: Abort(.forbidden, reason: "Only the seller sees, accepts or declines offers.")
        case .notAsked: Abort(.conflict, reason: "Write to the seller about the product first: offers are made in that conversation.")
        case .offersNotAllowed: Abort(.conflict, reason: "The seller takes no price offers on this product.")
        case .notForSale: Abort(.conflict, reason: "The product is reserved, sold or hidden: offers wait for a product for sale.")
        case let .priceOutOfRange(maximum):
            Abort(.badRequest, reason: maximum < 1 ? "price: nothing below this product's price can be offered."
                                                   : "price: a whole number of won from 1 to \(maximum).")
        case .alreadyDecided: Abort(.conflict, reason: "The offer was answered or withdrawn already.")
        case .busy: Abort(.conflict, reason: "Another offer for this product was made at the same moment; try again.")
        }
    }
}
