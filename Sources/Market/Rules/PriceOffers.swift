import Fluent
import FluentSQL
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// 가격 제안, as Karrot's buyers haggle: in their conversation with the seller about a product, a
/// buyer offers a whole number of won below the price it sells at now, and the seller accepts or
/// declines it there.
///
/// - Offers are for a product for sale (not reserved, sold or hidden) whose seller takes them,
///   priced in won and not given away (나눔, price 0).
/// - One offer per buyer waits for the seller: a new one withdraws it.
/// - An offer is answered once: of two accepts at once, one accepts (a conditional UPDATE).
/// - A product has one accepted offer at a time: accepting one declines the one accepted before,
///   whose buyer is told; other offers still waiting keep waiting.
/// - The accepted offer is the price of the trade with its buyer, kept on the offer (the product
///   keeps its listed price): the conversation's header and the trade's lines show it. A sale
///   declines every other offer still open.
struct PriceOffers: Sendable {
    typealias State = Market.OfferState

    let catalog: ProductCatalog
    let messenger: Messenger
    let news: TradeNews
    let clock: WallClock

    /// A seller's list of a product's offers: each with the name its buyer goes by.
    struct Listed: Sendable {
        let offer: PriceOffer
        let buyerName: String
    }

    /// The buyer in the conversation `conversationID` offers `price` won for its product.
    func offer(_ price: Int, in conversationID: String, by buyer: String, on db: any Database) async throws -> PriceOffer {
        let (product, conversation) = try await productTalkedAbout(in: conversationID, by: buyer, on: db)
        let seller = product.vendor.$account.id
        guard seller != buyer else { throw OfferError.sellerCannotOffer }
        guard conversation.other.id == seller else { throw OfferError.notFound }
        let maximum = try Self.ceiling(of: product)
        guard price >= 1, price <= maximum else { throw OfferError.priceOutOfRange(maximum: maximum) }
        let productID = try product.requireID()
        let now = clock.now()
        let offer = PriceOffer(productID: productID, conversationID: conversation.id, buyerID: buyer, price: price, createdAt: now)
        do {
            try await db.writeTransaction { db in
                try await PriceOffer.query(on: db).filter(\.$productID == productID).filter(\.$buyerID == buyer)
                    .filter(\.$state == State.pending.rawValue)
                    .set(\.$state, to: State.withdrawn.rawValue).set(\.$decidedAt, to: now).update()
                try await offer.create(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw OfferError.busy
        }
        await news.tell(.offered(price), about: product, by: buyer, to: seller, on: db)
        return offer
    }

    /// The same, from the product's page: in the buyer's conversation with its seller, which the
    /// buyer must have started (`OfferError.notAsked`).
    func offer(_ price: Int, for productID: Int, by buyer: String, on db: any Database) async throws -> (PriceOffer, webID: String) {
        let product = try await catalog.find(productID, on: db)
        let seller = product.vendor.$account.id
        guard seller != buyer else { throw OfferError.sellerCannotOffer }
        guard let conversation = try await messenger.conversations(about: TradeDesk.topic(of: product), of: buyer, on: db)
            .first(where: { $0.other.id == seller })
        else { throw OfferError.notAsked }
        return (try await offer(price, in: conversation.id, by: buyer, on: db), conversation.webID)
    }

    func accept(_ offerID: Int, by accountID: String, on db: any Database) async throws -> PriceOffer {
        let (offer, product) = try await sellersOffer(offerID, by: accountID, on: db)
        guard product.saleState != SaleState.sold.rawValue else { throw OfferError.notForSale }
        let now = clock.now()
        let productID = offer.productID
        let replaced: [PriceOffer]
        do {
            replaced = try await db.writeTransaction { db in
                let earlier = try await PriceOffer.query(on: db).filter(\.$productID == productID)
                    .filter(\.$state == State.accepted.rawValue).filter(\.$id != offerID).all()
                if !earlier.isEmpty {
                    try await PriceOffer.query(on: db).filter(\.$id ~~ earlier.compactMap(\.id)).filter(\.$state == State.accepted.rawValue)
                        .set(\.$state, to: State.declined.rawValue).set(\.$decidedAt, to: now).update()
                }
                try await Self.decide(offerID, .accepted, at: now, on: db)
                return earlier
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw OfferError.busy
        }
        offer.state = State.accepted.rawValue
        offer.decidedAt = now
        await news.tell(.offerAccepted(offer.price), about: product, by: accountID, to: offer.buyerID, on: db)
        for earlier in replaced {
            await news.tell(.offerDeclined(earlier.price), about: product, by: accountID, to: earlier.buyerID, on: db)
        }
        return offer
    }

    func decline(_ offerID: Int, by accountID: String, on db: any Database) async throws -> PriceOffer {
        let (offer, product) = try await sellersOffer(offerID, by: accountID, on: db)
        let now = clock.now()
        try await Self.decide(offerID, .declined, at: now, on: db)
        offer.state = State.declined.rawValue
        offer.decidedAt = now
        await news.tell(.offerDeclined(offer.price), about: product, by: accountID, to: offer.buyerID, on: db)
        return offer
    }

    /// Every offer for the seller's product, newest first.
    func offers(for productID: Int, by seller: String, on db: any Database) async throws -> [Listed] {
        let product = try await catalog.find(productID, on: db)
        guard product.vendor.$account.id == seller else { throw OfferError.notSeller }
        let offers = try await PriceOffer.query(on: db).filter(\.$productID == productID).sort(\.$id, .descending).limit(200).all()
        let names = Dictionary(try await Account.query(on: db).filter(\.$id ~~ Set(offers.map(\.buyerID))).all().compactMap { account in
            account.id.map { ($0, account.displayName) }
        }) { first, _ in first }
        return offers.map { Listed(offer: $0, buyerName: names[$0.buyerID] ?? "") }
    }

    /// The buyer's own offers for the product, newest first.
    func offers(for productID: Int, from buyer: String, on db: any Database) async throws -> [PriceOffer] {
        try await PriceOffer.query(on: db).filter(\.$productID == productID).filter(\.$buyerID == buyer).sort(\.$id, .descending).limit(50).all()
    }

    /// The buyer's offer waiting for the seller, if there is one.
    func pending(for productID: Int, from buyer: String, on db: any Database) async throws -> PriceOffer? {
        try await PriceOffer.query(on: db).filter(\.$productID == productID).filter(\.$buyerID == buyer)
            .filter(\.$state == State.pending.rawValue).first()
    }

    /// The price the seller accepted from `buyer`: the price of their trade.
    func acceptedPrice(for productID: Int, from buyer: String, on db: any Database) async throws -> Int? {
        try await PriceOffer.query(on: db).filter(\.$productID == productID).filter(\.$buyerID == buyer)
            .filter(\.$state == State.accepted.rawValue).first()?.price
    }

    /// What `buyer` pays for `product`: the offer the seller accepted, else the price it sells at.
    func tradePrice(of product: Product, for buyer: String, on db: any Database) async throws -> Int? {
        try await acceptedPrice(for: try product.requireID(), from: buyer, on: db) ?? Self.askingPrice(of: product)
    }

    /// A sale ends the haggling: every offer still open is declined, but the accepted offer of
    /// the buyer it was sold to, which is the sale's price. Inside the sale's transaction.
    func settle(_ productID: Int, soldTo buyer: String?, on db: any Database) async throws {
        var open = PriceOffer.query(on: db).filter(\.$productID == productID)
            .filter(\.$state ~~ [State.pending.rawValue, State.accepted.rawValue])
        if let buyer {
            open = open.group(.or) { $0.filter(\.$state == State.pending.rawValue).filter(\.$buyerID != buyer) }
        }
        try await open.set(\.$state, to: State.declined.rawValue).set(\.$decidedAt, to: clock.now()).update()
    }

    /// The most a buyer may offer for `product` now: one won under the price it sells at.
    static func ceiling(of product: Product) throws -> Int {
        guard product.saleState == SaleState.selling.rawValue, !product.hidden else { throw OfferError.notForSale }
        guard product.allowsOffers, let asking = askingPrice(of: product), asking > 0 else { throw OfferError.offersNotAllowed }
        return asking - 1
    }

    /// The most a buyer may offer for `product` now; nil when no offer can be made.
    static func openCeiling(of product: Product) -> Int? {
        guard let most = try? Self.ceiling(of: product), most >= 1 else { return nil }
        return most
    }

    /// Whether a buyer may offer a price for `product` now.
    static func takesOffers(_ product: Product) -> Bool {
        openCeiling(of: product) != nil
    }

    /// The price `product` sells at now (after its discount), in whole won; nil for one in dollars.
    static func askingPrice(of product: Product) -> Int? {
        product.currency == Market.Currency.krw.rawValue ? wholeWon(product.bargainPrice) : nil
    }

    /// Prices are stored as Double (the contract's number); one beyond any whole-won amount has none.
    static func wholeWon(_ amount: Double) -> Int? {
        amount.isFinite && abs(amount) < 1e15 ? Int(amount.rounded()) : nil
    }

    /// Moves a waiting offer to `state` in one conditional UPDATE: one answered meanwhile is
    /// `alreadyDecided`, so of two answers at once only the first counts.
    private static func decide(_ offerID: Int, _ state: State, at now: Date, on db: any Database) async throws {
        let claimed = try await db.sql().update(PriceOffer.schema)
            .set("state", to: state.rawValue)
            .set("decided_at", to: now)
            .where("id", .equal, offerID)
            .where("state", .equal, State.pending.rawValue)
            .returning("id").all()
        guard !claimed.isEmpty else { throw OfferError.alreadyDecided }
    }

    /// The conversation `conversationID` of `me` and the product it is about; anything else is
    /// `notFound`, so a stranger learns nothing from an id.
    private func productTalkedAbout(in conversationID: String, by me: String, on db: any Database) async throws -> (Product, Conversations.Conversation) {
        let conversation: Conversations.Conversation
        do {
            conversation = try await messenger.conversation(conversationID, for: me, on: db)
        } catch ConversationError.notFound {
            throw OfferError.notFound
        }
        guard let about = conversation.about, about.app == TradeDesk.app, let productID = Int(about.id) else { throw OfferError.notFound }
        do {
            // One the operator removed is not there for the buyer (`ProductRemoval`), whatever
            // the conversation still names.
            return (try await catalog.find(productID, shownTo: me, on: db), conversation)
        } catch ProductError.notFound {
            throw OfferError.notFound
        }
    }

    /// The offer and its product when `accountID` sells it; its buyer hears `notSeller`, anyone
    /// else `notFound`.
    private func sellersOffer(_ offerID: Int, by accountID: String, on db: any Database) async throws -> (PriceOffer, Product) {
        guard let offer = try await PriceOffer.find(offerID, on: db) else { throw OfferError.notFound }
        let product: Product
        do {
            product = try await catalog.find(offer.productID, on: db)
        } catch ProductError.notFound {
            throw OfferError.notFound
        }
        guard product.vendor.$account.id == accountID else { throw offer.buyerID == accountID ? OfferError.notSeller : OfferError.notFound }
        return (offer, product)
    }
}

extension ProductCatalog {
    /// The seller chooses whether buyers may offer a price for the product.
    func setAllowsOffers(_ allowed: Bool, of product: Product, by vendor: Vendor, on db: any Database) async throws {
        guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
        guard product.allowsOffers != allowed else { return }
        product.allowsOffers = allowed
        try await product.save(on: db)
    }
}
