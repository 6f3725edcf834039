import Foundation
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
    /// A 매너 tag code that names no tag.
    case unknownTag
    /// A praise with a `bad` rating or a complaint with a good one, or the item's tags given to its buyer.
    case tagDoesNotFit
}

/// What price offers (가격 제안, `PriceOffers`) refuse.
enum OfferError: Error, Equatable {
    /// No such conversation about a product, or offer, of mine.
    case notFound
    /// The seller answers offers; the buyer makes them.
    case sellerCannotOffer
    case notSeller
    /// An offer is made in a conversation with the seller: the buyer writes to them first.
    case notAsked
    /// The seller does not take offers on this product, or it is a giveaway (나눔) or not in won.
    case offersNotAllowed
    /// Reserved, sold or hidden: offers wait for a product for sale.
    case notForSale
    /// A whole number of won from 1 to one less than the price it sells at now.
    case priceOutOfRange(maximum: Int)
    /// Accepted, declined or withdrawn already.
    case alreadyDecided
    /// Another offer for the product was written at the same moment; try again.
    case busy
}

/// What a seller's own controls of a listing refuse: bumping it to the top (끌올), hiding it.
enum ListingControlError: Error, Equatable {
    /// Only the product's seller bumps, hides or shows it.
    case notSeller
    /// A product is bumped once every `ProductBumps.interval`; the next bump is allowed from then.
    case bumpTooSoon(nextBumpAt: Date)
    /// Only a product still for sale is bumped, not one reserved or sold…
    case notForSale(SaleState)
    /// …nor one its seller hid.
    case hidden
}
