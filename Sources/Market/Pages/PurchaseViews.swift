import Platform
import Plot
import SproutAPI
import Vapor

/// 구매내역, drawn from what `PurchasePages` read.
enum PurchaseViews {
    struct Purchase {
        let product: Market.ListedProduct
        /// Whether the buyer has reviewed this trade already.
        let reviewed: Bool
    }

    static func page(_ context: PageContext, page: ProductPage, purchases: [Purchase]) -> Response {
        let title = context.pick(ko: "구매내역", en: "What I bought")
        return PageLayout.render(title: title, context: context, .group(
            MarketViews.nav(context, current: "purchases"),
            .h1(.text(title)),
            .if(purchases.isEmpty, MarketViews.emptyState(context.pick(ko: "아직 산 물건이 없어요.", en: "You have not bought anything yet."))),
            .ul(.id("purchases"), .class("row-list"), .forEach(purchases) { row($0, context) }),
            MarketViews.pager(page, context) { MarketPaths.page($0, of: MarketPaths.purchases) }
        ))
    }

    /// A purchase: what, from whom, for how much, and its review to leave or left.
    private static func row(_ purchase: Purchase, _ context: PageContext) -> Node<HTML.ListContext> {
        let product = purchase.product
        return .li(
            .data(named: "id", value: String(product.id)),
            .a(.href(MarketPaths.product.link(product.id)), .text(product.name)),
            .span(.class("hint"), .text(product.vendorName + " · " + MarketViews.price(product.bargainPrice, product.currency, context))),
            .if(purchase.reviewed,
                .span(.class("hint review-done"), .text(context.pick(ko: "후기를 남겼어요", en: "Reviewed"))),
                else: .a(.class("button small review-link"), .href(MarketPaths.product.link(product.id, fragment: "trade-review-form")),
                         .text(context.pick(ko: "거래 후기 남기기", en: "Review the trade"))))
        )
    }
}

extension Icon {
    /// A shopping bag: what a person bought.
    static let shoppingBag = Icon(name: "shopping-bag", shapes: #"<path d="M5 8h14l-1 13H6z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>"#)
}
