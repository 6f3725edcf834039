import Platform
import Plot
import SproutAPI
import Vapor

/// The signed-in pages of the market, drawn from what `SellerPages` read and decided.
enum SellerViews {
    /// `next`: where becoming a vendor returns the person to (the sell form that sent them here).
    static func vendor(_ context: PageContext, vendor: Vendor?, secret: String?, name: String, error: String?, next: String? = nil,
                       status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "판매자 되기", en: "Become a vendor")
        guard let vendor else {
            return PageLayout.render(title: title, context: context, status: status, .group(
                MarketViews.nav(context, current: "sell"),
                .h1(.text(title)),
                .p(.class("hint"), .text(context.pick(ko: "판매자 이름을 정하면 상품을 올릴 수 있어요.", en: "Pick a vendor name to start selling."))),
                .form(
                    .id("vendor-form"), .class("stacked card"), .action(path: MarketPaths.vendor.link), .method(.post),
                    PageLayout.csrfField(context),
                    .unwrap(next) { .input(.type(.hidden), .name("next"), .value($0)) },
                    FormWidgets.text("name", label: context.pick(ko: "판매자 이름", en: "Vendor name"), value: name, error: error),
                    .button(.id("vendor-submit"), .type(.submit), .text(context.pick(ko: "판매자 되기", en: "Become a vendor")))
                )
            ))
        }
        return PageLayout.render(title: vendor.name, context: context, .group(
            MarketViews.nav(context, current: "sell"),
            .h1(.text(context.pick(ko: "판매자 \(vendor.name)", en: "Vendor \(vendor.name)"))),
            .p(.a(.class("button"), .href(MarketPaths.sell.link), .text(context.pick(ko: "상품 올리기", en: "Sell a product")))),
            // The web never needs these: they are what the published Dotori Market app signs its
            // product calls with, so they sit folded away for whoever connects an app.
            .details(
                .id("developer-credentials"), .class("card"),
                .summary(.text(context.pick(ko: "앱 개발자용: 도토리 마켓 앱 연결 정보", en: "For app developers: connecting the Dotori Market app"))),
                .p(.class("hint"), .text(context.pick(ko: "웹에서 판매할 때는 필요 없어요. 도토리 마켓 앱이 상품을 올릴 때 이 두 값을 보내요.",
                                                       en: "Selling on the web needs neither. The Dotori Market app sends both when it lists products."))),
                .dl(
                    .class("credentials"),
                    .dt(.text(context.pick(ko: "판매자 ID (identifier)", en: "Vendor ID (identifier)"))), .dd(.code(.id("vendor-identifier"), .text(vendor.identifier))),
                    .dt(.text(context.pick(ko: "비밀 키 (secret)", en: "Secret key (secret)"))),
                    .dd(.unwrap(secret, { .code(.id("vendor-secret"), .text($0)) },
                                else: .span(.class("hint"), .text(context.pick(ko: "보안을 위해 한 번만 보여 드려요. 잊었다면 새로 발급하세요.", en: "Shown only once. Forgot it? Issue a new one.")))))
                ),
                .if(secret != nil, .p(.class("notice"), .text(context.pick(ko: "이 비밀 키는 다시 볼 수 없어요. 앱에 연결할 거라면 지금 옮겨 두세요.",
                                                                          en: "You will not see this secret again. If you will connect an app, copy it now.")))),
                .form(
                    .action(path: MarketPaths.vendorSecret.link), .method(.post),
                    PageLayout.csrfField(context),
                    .button(.id("rotate-secret"), .type(.submit), .class("secondary"), .text(context.pick(ko: "비밀 키 새로 발급", en: "Issue a new secret")))
                )
            )
        ))
    }

    static func confirmDelete(_ context: PageContext, id: Int, name: String) -> Response {
        PageLayout.render(title: context.pick(ko: "상품 삭제", en: "Delete product"), context: context, .group(
            MarketViews.nav(context, current: "mine"),
            .h1(.text(context.pick(ko: "‘\(name)’ 상품을 삭제할까요?", en: "Delete “\(name)”?"))),
            .p(.class("hint"), .text(context.pick(ko: "삭제하면 되돌릴 수 없어요.", en: "This cannot be undone."))),
            FormWidgets.deleteConfirmation(context, action: MarketPaths.delete.link(id), cancel: MarketPaths.product.link(id))
        ))
    }

    /// My products on `tab`, below the tabs and how many each holds; `removed`, those the
    /// operator hid (`ProductRemoval`), each marked so: nobody else sees them.
    static func myProducts(_ context: PageContext, tab: Market.MyProductsTab, counts: [Market.MyProductsTab: Int], page: ProductPage,
                           products: [Market.ListedProduct], states: [Int: SaleState], interest: [Int: ProductInterest.Counts],
                           removed: Set<Int>) -> Response {
        let listedNothing = counts.values.allSatisfy { $0 == 0 }
        return PageLayout.render(title: context.pick(ko: "내 상품", en: "My products"), context: context, .group(
            MarketViews.nav(context, current: "mine"),
            .h1(.text(context.pick(ko: "내 상품", en: "My products"))),
            .p(.a(.id("purchases-link"), .href(MarketPaths.purchases.link), .text(context.pick(ko: "구매내역 보기", en: "What I bought")))),
            myProductsTabs(tab, counts: counts, context),
            .if(listedNothing, MarketViews.emptyState(context.pick(ko: "아직 올린 상품이 없어요.", en: "You have not listed anything yet."))),
            .if(products.isEmpty && !listedNothing, MarketViews.emptyState(emptyTab(tab, context))),
            .ul(.id("my-products"), .class("row-list"), .forEach(products) { product in
                .li(
                    .data(named: "id", value: String(product.id)),
                    .unwrap(states[product.id]) { MarketViews.saleBadge($0, context) },
                    .if(removed.contains(product.id), .span(.class("sale-state removed"), .data(named: "removed", value: "true"),
                                                            .text(context.pick(ko: "운영자가 숨김", en: "Hidden by the moderators")))),
                    .a(.href(MarketPaths.product.link(product.id)), .text(product.name)),
                    .span(.class("hint"), .text(MarketViews.price(product.bargainPrice, product.currency, context))),
                    .span(.class("hint product-interest"), .text(MarketViews.interest(interest[product.id] ?? ProductInterest.Counts(), context))),
                    .a(.class("button secondary small"), .href(MarketPaths.edit.link(product.id)), .text(context.pick(ko: "수정", en: "Edit"))),
                    .a(.class("button danger small"), .href(MarketPaths.delete.link(product.id)), .text(context.pick(ko: "삭제", en: "Delete")))
                )
            }),
            MarketViews.pager(page, context) { MarketPaths.mine(tab: tab, page: $0) }
        ))
    }

    /// 판매중 / 예약중 / 거래완료 / 숨김, each with its count, the one shown marked.
    private static func myProductsTabs(_ current: Market.MyProductsTab, counts: [Market.MyProductsTab: Int], _ context: PageContext) -> Node<HTML.BodyContext> {
        .nav(
            .class("chips tab-chips"), .id("my-products-tabs"), .attribute(named: "aria-label", value: context.pick(ko: "판매 상태", en: "Sale status")),
            .forEach(Market.MyProductsTab.allCases) { tab in
                .a(.class(tab == current ? "chip current" : "chip"), .href(MarketPaths.mine(tab: tab)), .data(named: "tab", value: tab.rawValue),
                   .if(tab == current, .attribute(named: "aria-current", value: "true")),
                   .text(tabName(tab, context) + " " + String(counts[tab] ?? 0)))
            }
        )
    }

    static func tabName(_ tab: Market.MyProductsTab, _ context: PageContext) -> String {
        switch tab {
        case .selling: MarketViews.saleStateName(.selling, context)
        case .reserved: MarketViews.saleStateName(.reserved, context)
        case .sold: MarketViews.saleStateName(.sold, context)
        case .hidden: context.pick(ko: "숨김", en: "Hidden")
        }
    }

    private static func emptyTab(_ tab: Market.MyProductsTab, _ context: PageContext) -> String {
        switch tab {
        case .selling: context.pick(ko: "판매중인 상품이 없어요.", en: "Nothing for sale.")
        case .reserved: context.pick(ko: "예약중인 상품이 없어요.", en: "Nothing reserved.")
        case .sold: context.pick(ko: "거래를 마친 상품이 없어요.", en: "Nothing sold yet.")
        case .hidden: context.pick(ko: "숨긴 상품이 없어요.", en: "Nothing hidden.")
        }
    }

    static func likes(_ context: PageContext, page: ProductPage, products: [Market.ListedProduct], states: [Int: SaleState],
                      interest: [Int: ProductInterest.Counts]) -> Response {
        return PageLayout.render(title: context.pick(ko: "좋아요", en: "Likes"), context: context, .group(
            MarketViews.nav(context, current: "likes"),
            .h1(.text(context.pick(ko: "좋아요한 상품", en: "Products you like"))),
            .if(products.isEmpty, MarketViews.emptyState(context.pick(ko: "좋아요한 상품이 없어요.", en: "Nothing liked yet."))),
            .div(.id("liked-products"), .class("products grid"), MarketViews.cards(products, states: states, interest: interest, context: context)),
            MarketViews.pager(page, context) { MarketPaths.page($0, of: MarketPaths.likes) }
        ))
    }
}
