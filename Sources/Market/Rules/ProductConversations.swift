import Fluent
import Platform
import PlatformCore

/// A product as the messenger shows it: a buyer talks to its seller about it, at the price it
/// sells at now (after its discount), and the conversation offers each side their next step.
struct ProductConversations: ConversationSubjects {
    let catalog: ProductCatalog
    let trades: TradeDesk
    let appointments: Appointments
    let app = TradeDesk.app
    let readGroup = MarketRead.group

    /// A product the operator removed is no subject, as if deleted: nobody opens a conversation
    /// about it, and those about it show it no more (`ProductRemoval`).
    func subject(_ id: String, on db: any Database) async throws -> ConversationSubject? {
        guard let productID = ProductCatalog.productID(id) else { return nil }
        do {
            let product = try await catalog.find(productID, on: db)
            return product.removedAt == nil ? Self.subject(product) : nil
        } catch ProductError.notFound {
            return nil
        }
    }

    func subjects(_ ids: [String], on db: any Database) async throws -> [String: ConversationSubject] {
        let products = Dictionary(try await catalog.find(ids.compactMap(ProductCatalog.productID), on: db).compactMap { product in
            product.removedAt == nil ? product.id.map { ($0, product) } : nil
        }) { first, _ in first }
        return Dictionary(ids.compactMap { id in ProductCatalog.productID(id).flatMap { products[$0] }.map { (id, Self.subject($0)) } }) { first, _ in first }
    }

    /// The buyer may offer a price (when the seller takes offers) and the seller see a waiting
    /// offer or reserve the product for this buyer (as they agreed, once they accepted a time to
    /// meet); after a sale between the two, each reviews
    /// the other. The price is the offer the seller accepted from this buyer, and the seller is
    /// named with their shop beside them, as the product's page names them.
    func details(of subjectID: String, in conversationID: String, between viewer: String, and other: String,
                 on db: any Database) async throws -> ConversationDetails {
        guard let productID = ProductCatalog.productID(subjectID) else { return ConversationDetails() }
        let product: Product
        do {
            product = try await catalog.find(productID, on: db)
        } catch ProductError.notFound {
            return ConversationDetails()
        }
        guard product.removedAt == nil else { return ConversationDetails() }
        let seller = product.vendor.$account.id
        guard viewer == seller || other == seller else { return ConversationDetails() }
        let buyer = viewer == seller ? other : viewer
        let offers = trades.offers
        let state = SaleState(rawValue: product.saleState) ?? .selling
        var actions: [ConversationAction] = []
        if viewer == seller {
            if let waiting = try await offers.pending(for: productID, from: buyer, on: db) {
                let won = MoneyText.grouped(waiting.price)
                actions.append(ConversationAction(ko: "제안 보기 (\(won)원)", en: "See the offer (₩\(won))", path: MarketPaths.offers.link(productID)))
            }
            if state == .selling || (state == .reserved && product.buyerAccountID != buyer) {
                let path = MarketPaths.product.link(productID, query: ProductPageQuery(buyer: buyer), fragment: "trade")
                if let meeting = try await appointments.accepted(in: conversationID, on: db), let at = try? Appointments.time(meeting.startsAt) {
                    let when = SeoulTime.spokenTwelveHour(at)
                    actions.append(ConversationAction(ko: "약속대로 예약하기 (\(when.ko))", en: "Reserve for this meeting (\(when.en))", path: path))
                } else {
                    actions.append(ConversationAction(ko: "예약하기", en: "Reserve for them", path: path))
                }
            }
        } else if PriceOffers.takesOffers(product) {
            actions.append(ConversationAction(ko: "가격 제안하기", en: "Offer a price", path: MarketPaths.offers.link(productID)))
        }
        if product.buyerAccountID == buyer, try await trades.mayReview(product, by: viewer, on: db) {
            actions.append(ConversationAction(ko: "거래 후기 보내기", en: "Review the trade", path: MarketPaths.review.link(productID)))
        }
        return ConversationDetails(actions: actions, price: try await offers.acceptedPrice(for: productID, from: buyer, on: db),
                                   besideName: other == seller ? product.vendor.name : nil)
    }

    private static func subject(_ product: Product) -> ConversationSubject {
        let productID = product.id ?? 0
        let state = SaleState(rawValue: product.saleState) ?? .selling
        return ConversationSubject(
            id: String(productID), ownerID: product.vendor.$account.id, title: product.name,
            photo: ProductCatalog.orderedImages(of: product).first?.thumbnailPath,
            // What the buyer pays now: the list price less its discount, not the crossed-out one.
            price: PriceOffers.wholeWon(product.bargainPrice),
            state: state == .selling ? nil : state.rawValue,
            path: MarketPaths.product.link(productID)
        )
    }
}
