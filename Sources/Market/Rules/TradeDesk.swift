import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// A review's verdict, in Karrot's three words.
enum TradeRating: String, CaseIterable, Sendable {
    case great, good, bad
}

/// What people who traded with someone said of them, and the trust it makes.
struct Reputation: Sendable {
    let trust: Market.Trust
    /// Newest first.
    let reviews: [Market.TradeReview]
    /// Each 매너 tag the reviews that count gave, most given first.
    let tags: [Market.TagCount]
}

/// Closing a deal, as Karrot's sellers do: the seller reserves the product for someone who
/// wrote about it (예약중), marks it sold to them or elsewhere (거래완료), and after a sale to a
/// buyer each side reviews the other once; the reviews make a person's trust. Each step is told
/// in the conversation with the people it concerns (`TradeNews`).
struct TradeDesk: Sendable {
    static let app = "market"
    static let maxReviewLength = 500
    /// How old a reviewer's account must be, without a verified phone number, for its review to
    /// count (`Market.Trust`).
    static let reviewerAge: TimeInterval = 7 * 86_400

    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let messenger: Messenger
    let notifications: AccountNotifications
    let clock: WallClock

    var news: TradeNews { TradeNews(messenger: messenger, notifications: notifications) }
    var offers: PriceOffers { PriceOffers(catalog: catalog, messenger: messenger, news: news, clock: clock) }

    /// The people who wrote to the seller about the product, most recent first.
    func askers(of product: Product, on db: any Database) async throws -> [Conversations.Person] {
        try await messenger.conversations(about: Self.topic(of: product), of: product.vendor.$account.id, on: db).map(\.other)
    }

    /// Reserved for `buyer` (at the offer the seller accepted from them, if any), who is told; one
    /// it was reserved for or sold to before is told it no longer is.
    func reserve(_ productID: Int, for buyer: String, by accountID: String, on db: any Database) async throws -> Product {
        let product = try await sellersProduct(productID, accountID, on: db)
        try await requireAsked(buyer, about: product, on: db)
        let before = (state: product.saleState, buyer: product.buyerAccountID)
        let reserved = try await mark(product, .reserved, buyer: buyer, on: db)
        if let earlier = before.buyer, earlier != buyer {
            await news.tell(.released(wasSold: before.state == SaleState.sold.rawValue), about: reserved, by: accountID, to: earlier, on: db)
        }
        if before.state != SaleState.reserved.rawValue || before.buyer != buyer {
            // A price that cannot be read leaves it out of the line; the reservation stands.
            let price = try? await offers.tradePrice(of: reserved, for: buyer, on: db)
            await news.tell(.reserved(price: price), about: reserved, by: accountID, to: buyer, on: db)
        }
        return reserved
    }

    /// For sale again; the person it was reserved for or sold to is told.
    func release(_ productID: Int, by accountID: String, on db: any Database) async throws -> Product {
        let product = try await sellersProduct(productID, accountID, on: db)
        let before = (state: product.saleState, buyer: product.buyerAccountID)
        let released = try await mark(product, .selling, buyer: nil, on: db)
        if let earlier = before.buyer, before.state != SaleState.selling.rawValue {
            await news.tell(.released(wasSold: before.state == SaleState.sold.rawValue), about: released, by: accountID, to: earlier, on: db)
        }
        return released
    }

    /// Sold to `buyer`, or elsewhere when nil. A sale to someone else than the last one voids
    /// the last one's reviews: only the sale that closed a product is reviewed. The offers still
    /// open are declined (`PriceOffers.settle`); the buyer is told and asked for a review, as is
    /// the seller, and everyone else who wrote about it hears it went to someone else.
    func sell(_ productID: Int, to buyer: String?, by accountID: String, on db: any Database) async throws -> Product {
        let product = try await sellersProduct(productID, accountID, on: db)
        if let buyer { try await requireAsked(buyer, about: product, on: db) }
        let before = (state: product.saleState, buyer: product.buyerAccountID)
        let offers = self.offers
        let sold = try await db.writeTransaction { db in
            try await TradeReview.query(on: db).filter(\.$productID == productID).group(.and) { others in
                others.filter(\.$reviewerID != buyer ?? "").filter(\.$revieweeID != buyer ?? "")
            }.delete()
            try await offers.settle(productID, soldTo: buyer, on: db)
            return try await mark(product, .sold, buyer: buyer, on: db)
        }
        // Marking it sold again to the same buyer (or again elsewhere) tells nobody anything new.
        guard before.state != SaleState.sold.rawValue || before.buyer != buyer else { return sold }
        if let buyer {
            let price = try? await offers.tradePrice(of: sold, for: buyer, on: db)
            await news.tell(.sold(price: price), about: sold, by: accountID, to: buyer, on: db)
        }
        await news.tellTheOthers(about: sold, seller: accountID, buyer: buyer, on: db)
        if let buyer { await news.askForReviews(of: sold, seller: accountID, buyer: buyer, on: db) }
        return sold
    }

    /// The seller reviews the buyer or the buyer the seller, once per product, with the 매너
    /// tags (`MannerTag`) that fit the rating and the side reviewed.
    func review(_ productID: Int, by reviewer: String, rating: String, text: String, tags: [String] = [],
                on db: any Database) async throws {
        guard let rating = TradeRating(rawValue: rating) else { throw TradeError.unknownRating }
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= Self.maxReviewLength else { throw TradeError.reviewTooLong(maximum: Self.maxReviewLength) }
        let product = try await catalog.find(productID, on: db)
        guard product.saleState == SaleState.sold.rawValue, let buyer = product.buyerAccountID else { throw TradeError.notSoldToABuyer }
        let seller = product.vendor.$account.id
        let reviewee: String
        switch reviewer {
        case seller: reviewee = buyer
        case buyer: reviewee = seller
        default: throw TradeError.notAParty
        }
        let tags = try MannerTag.checked(tags, rating: rating, aboutSeller: reviewee == seller)
        do {
            try await TradeReview(productID: productID, reviewerID: reviewer, revieweeID: reviewee, rating: rating, text: text, tags: tags,
                                  createdAt: clock.now()).create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw TradeError.alreadyReviewed
        }
        // The request to review is answered: it no longer counts as news.
        try await notifications.markRead(of: reviewer, kind: .reviewRequest, link: MarketPaths.review.link(productID), on: db)
        let name = try await Account.find(reviewer, on: db)?.displayName ?? ""
        try await notifications.notify(reviewee, app: "market", kind: .tradeReview, text: .init(
            ko: "\(name)님이 ‘\(product.name)’ 거래 후기를 남겼어요", en: "\(name) reviewed your trade of ‘\(product.name)’"
        ), link: MarketPaths.product.link(productID), on: db)
    }

    /// Whether `accountID` may still review the trade of `product` (the seller or its buyer, once).
    func mayReview(_ product: Product, by accountID: String, on db: any Database) async throws -> Bool {
        guard product.saleState == SaleState.sold.rawValue, let buyer = product.buyerAccountID,
              accountID == buyer || accountID == product.vendor.$account.id
        else { return false }
        return try await TradeReview.query(on: db).filter(\.$productID == (try product.requireID())).filter(\.$reviewerID == accountID).count() == 0
    }

    /// What people who traded with `accountID` said, newest first, and the trust the reviews
    /// that count make (`Market.Trust`).
    func reputation(of accountID: String, on db: any Database) async throws -> Reputation {
        let received = try await TradeReview.query(on: db).filter(\.$revieweeID == accountID).sort(\.$id, .descending).all()
        let reviewers = Dictionary(try await Account.query(on: db).filter(\.$id ~~ Set(received.map(\.reviewerID))).all().compactMap { account in
            account.id.map { ($0, account) }
        }) { first, _ in first }
        let buyers = Dictionary(try await catalog.find(Array(Set(received.map(\.productID))), on: db).compactMap { product in
            product.id.map { ($0, product.saleState == SaleState.sold.rawValue ? product.buyerAccountID : nil) }
        }) { first, _ in first }
        let counts = { (review: TradeReview) -> Bool in
            guard let buyer = buyers[review.productID] ?? nil, [review.reviewerID, review.revieweeID].contains(buyer),
                  let reviewer = reviewers[review.reviewerID]
            else { return false }
            return reviewer.phoneNumber != nil || review.createdAt.timeIntervalSince(reviewer.createdAt) >= Self.reviewerAge
        }
        let counted = received.filter(counts)
        let count = { (rating: TradeRating) in counted.filter { $0.rating == rating.rawValue }.count }
        let reviews = received.prefix(50).map { review in
            Market.TradeReview(productID: review.productID, rating: review.rating, text: review.text,
                               reviewerName: reviewers[review.reviewerID]?.displayName ?? "",
                               createdAt: UTCTimestamp.format(review.createdAt) + "Z", counted: counts(review),
                               tags: MannerTag.read(review.tags).map(\.rawValue))
        }
        let tags = MannerTag.tally(counted.flatMap { MannerTag.read($0.tags) }).map { Market.TagCount(tag: $0.tag.rawValue, count: $0.count) }
        return Reputation(trust: Market.Trust(great: count(.great), good: count(.good), bad: count(.bad)), reviews: reviews, tags: tags)
    }

    static func topic(of product: Product) -> ConversationTopic {
        ConversationTopic(app: app, id: String(product.id ?? 0))
    }

    private func sellersProduct(_ productID: Int, _ accountID: String, on db: any Database) async throws -> Product {
        let product = try await catalog.find(productID, on: db)
        guard product.vendor.$account.id == accountID else { throw TradeError.notSeller }
        return product
    }

    private func requireAsked(_ buyer: String, about product: Product, on db: any Database) async throws {
        guard try await askers(of: product, on: db).contains(where: { $0.id == buyer }) else { throw TradeError.buyerNeverAsked }
    }

    private func mark(_ product: Product, _ state: SaleState, buyer: String?, on db: any Database) async throws -> Product {
        product.saleState = state.rawValue
        product.buyerAccountID = buyer
        try await product.save(on: db)
        return product
    }
}
