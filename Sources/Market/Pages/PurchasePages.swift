import Platform
import Vapor

/// 구매내역: what was sold to the signed-in person, newest first, each with the way to its review
/// while they have not left one.
struct PurchasePages: Sendable {
    let catalog: ProductCatalog
    let trades: TradeDesk
    let presenter = MarketPresenter(baseURL: "")

    func register(on pages: any RoutesBuilder) {
        pages.get(MarketPaths.purchases, use: purchases)
    }

    func purchases(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let accountID = try account.requireID()
        let page = try await catalog.purchases(of: accountID, page: MarketViews.pageNumber(req), size: MarketViews.listPageSize, on: req.db)
        let reviewed = try await trades.reviewed(page.products.compactMap(\.id), by: accountID, on: req.db)
        let rows = page.products.map { product in
            PurchaseViews.Purchase(product: presenter.listed(product), reviewed: product.id.map { reviewed.contains($0) } ?? true)
        }
        return PurchaseViews.page(context, page: page, purchases: rows)
    }
}
