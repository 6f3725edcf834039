import Platform
import SproutAPI
import Vapor

/// 가격 제안 on the web, reached from the conversation: the buyer's offer form with their own
/// offers, the seller's list of a product's offers with accept and decline. Each answer leads
/// back to the conversation, where the offer and the answer are lines.
struct OfferPages: Sendable {
    let catalog: ProductCatalog
    let trades: TradeDesk

    func register(on pages: any RoutesBuilder) {
        pages.get(MarketPaths.offers, use: show)
        pages.post(MarketPaths.offers, use: offer)
        pages.post(MarketPaths.acceptOffer) { try await self.answer($0, accepting: true) }
        pages.post(MarketPaths.declineOffer) { try await self.answer($0, accepting: false) }
    }

    func show(_ req: Request) async throws -> Response {
        guard let id = MarketPaths.offers.parameters(in: req) else { throw Abort(.notFound) }
        let (context, account) = try await PageContext.signedIn(req, next: MarketPaths.offers.link(id))
        return try await page(req, productID: id, me: try account.requireID(), context)
    }

    /// The buyer offers what they typed, in their conversation with the seller, and goes back to it.
    func offer(_ req: Request) async throws -> Response {
        guard let id = MarketPaths.offers.parameters(in: req) else { throw Abort(.notFound) }
        let (context, account) = try await PageContext.signedIn(req, next: MarketPaths.offers.link(id))
        let me = try account.requireID()
        guard let price = MoneyInput.whole((try? req.content.get(String.self, at: "price")) ?? "") else {
            return try await page(req, productID: id, me: me, context, error: context.pick(ko: "원 단위 숫자로 입력해 주세요.", en: "Enter a whole number of won."),
                                  status: .badRequest)
        }
        do {
            let (_, webID) = try await trades.offers.offer(price, for: id, by: me, on: req.db)
            return req.redirect(to: PlatformPaths.conversation.link(webID), redirectType: .normal)
        } catch let error as OfferError {
            return try await page(req, productID: id, me: me, context, error: OfferViews.reason(error, context),
                                  status: MarketErrorMiddleware.abort(error).status)
        }
    }

    /// The seller accepts or declines an offer, and goes back to the conversation with its buyer.
    func answer(_ req: Request, accepting: Bool) async throws -> Response {
        guard let id = (accepting ? MarketPaths.acceptOffer : MarketPaths.declineOffer).parameters(in: req) else { throw Abort(.notFound) }
        let (_, account) = try await PageContext.signedIn(req, next: MarketPaths.browse.link)
        let me = try account.requireID()
        let offer: PriceOffer
        do {
            if accepting {
                offer = try await trades.offers.accept(id, by: me, on: req.db)
            } else {
                offer = try await trades.offers.decline(id, by: me, on: req.db)
            }
        } catch let error as OfferError {
            throw MarketErrorMiddleware.abort(error)
        }
        let conversation = try await trades.messenger.conversation(offer.conversationID, for: me, on: req.db)
        return req.redirect(to: PlatformPaths.conversation.link(conversation.webID), redirectType: .normal)
    }

    private func page(_ req: Request, productID: Int, me: String, _ context: PageContext, error: String? = nil,
                      status: HTTPResponseStatus = .ok) async throws -> Response {
        let product = try await catalog.find(productID, on: req.db)
        guard ProductHiding.mayOpen(product, accountID: me) else { throw Abort(.notFound) }
        let summary = OfferViews.Summary(
            id: productID, name: product.name, asking: PriceOffers.askingPrice(of: product), ceiling: PriceOffers.openCeiling(of: product)
        )
        if product.vendor.$account.id == me {
            return OfferViews.sellers(summary, try await trades.offers.offers(for: productID, by: me, on: req.db), context)
        }
        return OfferViews.buyers(summary, try await trades.offers.offers(for: productID, from: me, on: req.db), error: error, context, status: status)
    }
}
