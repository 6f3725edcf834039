import Platform
import SproutAPI

/// What the market's rules refuse, in the domain's words. Each contract maps these once: the
/// market API to its statuses and reasons (`MarketErrorMiddleware`, API/MarketErrorMapping.swift),
/// the pages to page statuses (`MarketPageErrors`; a seller's or buyer's step in closing a deal
/// keeps the API's status and reason).
enum ProductError: Error, Equatable {
    case notFound
    case notOwner
    case invalid([Market.Field: Market.Violation])
    case images(PhotoRefusal)
}

enum VendorError: Error, Equatable {
    case alreadyAVendor
    case nameTaken
    case invalidName
    case unknownIdentifier
    case wrongSecret
}

enum TradeError: Error, Equatable {
    /// Only the product's seller reserves or sells it.
    case notSeller
    /// A buyer is someone who wrote to the seller about this product.
    case buyerNeverAsked
    /// Reviews follow a sale to a buyer.
    case notSoldToABuyer
    /// Only the seller and the buyer review a trade.
    case notAParty
    case alreadyReviewed
    case unknownRating
    case reviewTooLong(maximum: Int)
}
