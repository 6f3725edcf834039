import Platform
import Plot
import SproutAPI
import Vapor

/// The market's list and detail pages, drawn from what `BrowsePages` read.
enum BrowseViews {
    /// A page of the product list as the address asked for it.
    struct ProductList {
        let page: Market.Page
        let states: [Int: SaleState]
        let interest: [Int: ProductInterest.Counts]
        let number: Int
        let search: String
        let category: ProductCategory?
        let layout: String
        /// Where each product is and when it went to the top.
        var places: [Int: MarketViews.CardPlace] = [:]
        /// `NearbyViews.everywhere` when the person has a 동네 and asked for everything.
        var scope: String?

        /// The address of this list at another page, layout or category, keeping the search;
        /// `fragment`, its cards alone.
        func link(page: Int? = nil, view: String? = nil, category: ProductCategory?? = .none, fragment: Bool = false) -> String {
            MarketPaths.browse(page: page ?? number, view: view ?? layout, search: search, category: category ?? self.category, fragment: fragment,
                               scope: scope)
        }
    }

    /// A product as its detail page shows it.
    struct Listing {
        let detail: Market.ProductDetail
        let state: SaleState
        let category: ProductCategory
        let vendorName: String
        let interest: ProductInterest.Counts
        /// "망원제1동 · 0.6km": its 동, and how far from mine; nil when its seller had no 동네.
        var place: String?
        /// The operator hid it (`ProductRemoval`): only its seller sees the page, and is told so.
        var removed = false
    }

    /// `scopes`: the tabs between my 동네's ranges and everything, for someone with a 동네.
    static func list(_ list: ProductList, _ context: PageContext, scopes: Node<HTML.BodyContext> = .empty) -> Response {
        let (page, number, search, layout, total) = (list.page, list.number, list.search, list.layout, list.page.totalCount)
        return PageLayout.render(title: context.pick(ko: "도토리 마켓", en: "Dotori Market"), context: context, .group(
            MarketViews.nav(context, current: "browse"),
            scopes,
            .h1(.id("market-title"), .text(search.isEmpty
                ? context.pick(ko: "도토리 마켓", en: "Dotori Market")
                : context.pick(ko: "‘\(search)’ 검색 결과", en: "Results for “\(search)”"))),
            .form(
                .class("search-form"), .action(path: MarketPaths.browse.link), .method(.get),
                .input(.type(.hidden), .name("view"), .value(layout)),
                .unwrap(list.scope) { .input(.type(.hidden), .name("range"), .value($0)) },
                .input(.type(.search), .name("q"), .id("market-search"), .value(search),
                       .placeholder(text: context.pick(ko: "상품 이름이나 설명으로 찾기", en: "Search names and descriptions"))),
                .button(.type(.submit), .id("market-search-submit"), .text(context.pick(ko: "검색", en: "Search")))
            ),
            categoryChips(current: list.category, link: { list.link(page: 1, category: .some($0)) }, context),
            .div(
                .class("list-toolbar"),
                // A page past the end lists nothing, so it counts nothing either.
                .span(.class("hint"), .id("product-count"), .text(page.pages.isEmpty && number > 1
                    ? context.pick(ko: "이 페이지에 상품이 없어요", en: "Nothing on this page")
                    : context.pick(ko: "상품 ", en: "") + context.count(total, ko: "개", en: "product"))),
                .a(.id("view-toggle"), .href(list.link(page: 1, view: layout == "grid" ? "list" : "grid")),
                   .text(layout == "grid" ? context.pick(ko: "목록으로 보기", en: "List view") : context.pick(ko: "격자로 보기", en: "Grid view")))
            ),
            .if(page.pages.isEmpty, .group(
                MarketViews.emptyState(context.pick(ko: "상품이 없어요.", en: "No products here.")),
                .if(number > 1, .a(.id("first-page"), .class("button secondary"), .href(list.link(page: 1)), .text(context.pick(ko: "처음으로", en: "Back to the first page"))))
            )),
            .div(.id("product-list"), .class("products \(layout)"), .data(named: "page", value: String(number)),
                 MarketViews.cards(page.pages, states: list.states, interest: list.interest, places: list.places, context: context)),
            .if(page.hasNext, .a(.id("next-page"), .class("button secondary more"), .href(list.link(page: number + 1)),
                                 .data(named: "fragment", value: list.link(page: number + 1, fragment: true)),
                                 .text(context.pick(ko: "더 보기", en: "Load more"))))
        ))
    }

    /// What the seller just did, confirmed at the top of the product they did it to.
    enum Done: String, Codable {
        case listed, saved, marked, bumped, notBumped = "not-bumped", hid, unhid

        func message(_ context: PageContext) -> String {
            switch self {
            case .listed: context.pick(ko: "상품을 올렸어요. 이제 누구나 볼 수 있어요.", en: "Your product is listed. Anyone can see it now.")
            case .saved: context.pick(ko: "고친 내용을 저장했어요.", en: "Your changes are saved.")
            case .marked: context.pick(ko: "거래 상태를 바꿨어요.", en: "The sale status is changed.")
            case .bumped: context.pick(ko: "끌어올렸어요. 목록 맨 위에 보여요.", en: "Bumped: it is at the top of the list now.")
            case .notBumped: context.pick(ko: "지금은 끌어올릴 수 없어요.", en: "It cannot be bumped right now.")
            case .hid: context.pick(ko: "숨겼어요. 이제 나만 볼 수 있어요.", en: "Hidden: only you can see it now.")
            case .unhid: context.pick(ko: "숨김을 해제했어요. 다시 누구나 볼 수 있어요.", en: "Shown again: anyone can see it.")
            }
        }
    }

    /// "전체" and every category, the chosen one marked; `link` is the list's address in a
    /// category (every one when nil), keeping its search and layout.
    static func categoryChips(current: ProductCategory?, link: @escaping (ProductCategory?) -> String, _ context: PageContext) -> Node<HTML.BodyContext> {
        let choices: [(ProductCategory?, String)] = [(nil, context.pick(ko: "전체", en: "All"))]
            + ProductCategory.allCases.map { ($0, MarketViews.categoryName($0, context)) }
        return .nav(
            .class("chips category-chips"), .id("category-chips"), .attribute(named: "aria-label", value: context.pick(ko: "카테고리", en: "Categories")),
            .forEach(choices) { category, name in
                .a(.class(category == current ? "chip current" : "chip"), .href(link(category)),
                   .data(named: "category", value: category?.rawValue ?? "all"),
                   .if(category == current, .attribute(named: "aria-current", value: "true")), .text(name))
            }
        )
    }

    /// What the viewer may do about the product's deal: the seller sees who wrote and closes it,
    /// either side of a finished trade reviews the other once.
    struct Trade {
        var askers: [Conversations.Conversation] = []
        var buyer: String?
        var mayReview = false
        var reviewsSeller = false
        /// The seller takes price offers on it, and buyers may offer one now (it is for sale).
        var allowsOffers = false
        var takesOffers = false
    }

    /// `controls`: the seller's bump and hide controls, for the seller only.
    static func detail(_ listing: Listing, liked: Bool, isOwner: Bool, trade: Trade, selected: Int, done: Done? = nil,
                       controls: ListingControlViews.Controls? = nil, _ context: PageContext) -> Response {
        let (detail, state, vendorName) = (listing.detail, listing.state, listing.vendorName)
        let id = detail.id
        let share = SharePreview(title: detail.name, description: detail.description, image: detail.images.first?.url)
        return PageLayout.render(title: detail.name, context: context, share: share, .group(
            MarketViews.nav(context, current: "browse"),
            .unwrap(done) { .p(.class("notice"), .id("done-notice"), .attribute(named: "role", value: "status"), .text($0.message(context))) },
            .if(listing.removed, .p(.class("notice"), .id("removed-notice"), .text(context.pick(
                ko: "운영 정책에 따라 숨겨졌어요. 다른 사람에게는 보이지 않아요.", en: "Hidden by the moderators: nobody else can see it."
            )))),
            .article(
                .class("product-detail"), .id("product-detail"), .data(named: "id", value: String(id)),
                .div(
                    .class("gallery"),
                    .unwrap(detail.images.indices.contains(selected) ? detail.images[selected].url : nil) {
                        .img(.id("gallery-main"), .src($0), .alt(text: detail.name))
                    },
                    .div(.class("gallery-thumbs"), .forEach(detail.images.enumerated()) { index, image in
                        .a(.href(MarketPaths.product(id, image: index)), .class(index == selected ? "current" : ""),
                           .data(named: "full", value: image.url),
                           .img(.src(image.thumbnailURL), .alt(text: "\(detail.name) \(index + 1)")))
                    })
                ),
                .div(
                    .class("product-info"),
                    MarketViews.saleBadge(state, context),
                    .h1(.id("product-name"), .text(detail.name)),
                    .p(.class("vendor"), .text(context.pick(ko: "판매자 ", en: "Sold by ")),
                       .a(.id("seller-link"), .href(MarketPaths.seller.link(detail.vendorID)), .strong(.text(vendorName))),
                       .text(" · "), .span(.id("product-posted"), context.posted(detail.createdAt))),
                    .unwrap(listing.place) { .p(.class("hint product-place"), .id("product-place"), Icon.pin.node(), .text($0)) },
                    .p(.class("hint product-meta"),
                       .a(.id("product-category"), .href(MarketPaths.browse(category: listing.category)), .text(MarketViews.categoryName(listing.category, context))),
                       .text(" · "), .span(.id("product-interest"), .data(named: "follows-in-place", value: "true"), .text(MarketViews.interest(listing.interest, context)))),
                    MarketViews.priceBlock(price: detail.price, discount: detail.discountedPrice, currency: detail.currency, context),
                    MarketViews.stock(detail.stock, context),
                    .div(.class("primary-action"), likeControl(id: id, liked: liked, context: context),
                         .if(!isOwner && listing.state != .sold, ConversationStarter.form(
                            about: .init(app: "market", id: String(id)), page: MarketPaths.product.link(id), prompt: context.pick(ko: "채팅하기", en: "Chat"),
                            greeting: context.pick(ko: "안녕하세요, 아직 판매하시나요?", en: "Hello, is this still available?"), context))),
                    .p(.class("description"), .id("product-description"), .text(detail.description)),
                    .if(isOwner, saleStateForm(id: id, state: state, context)),
                    .if(isOwner, ConversationStarter.askers(trade.askers, context)),
                    .if(isOwner, TradeViews.sellerControls(productID: id, state: state, buyer: trade.buyer, askers: trade.askers.map(\.other), context)),
                    .if(trade.mayReview, TradeViews.reviewForm(productID: id, aboutSeller: trade.reviewsSeller, context)),
                    OfferViews.productLink(productID: id, isOwner: isOwner, allowsOffers: trade.allowsOffers, takesOffers: trade.takesOffers, context),
                    .if(!isOwner, ReportPages.link(to: MarketPaths.report.link(id), context)),
                    .unwrap(controls) { ListingControlViews.section($0, context) },
                    .if(isOwner, .div(
                        .class("owner-actions"),
                        .a(.id("edit-product"), .class("button secondary"), .href(MarketPaths.edit.link(id)), .text(context.pick(ko: "수정", en: "Edit"))),
                        .a(.id("delete-product"), .class("button danger"), .href(MarketPaths.delete.link(id)), .text(context.pick(ko: "삭제", en: "Delete")))
                    ))
                )
            )
        ))
    }

    /// Who a seller is, for their profile.
    struct Seller {
        let id: Int
        let name: String
        /// When they became a seller, as `UTCTimestamp` writes it.
        let since: String
    }

    static func seller(_ seller: Seller, reputation: Reputation, page: ProductPage, products: [Market.ListedProduct],
                       states: [Int: SaleState], interest: [Int: ProductInterest.Counts], _ context: PageContext) -> Response {
        PageLayout.render(title: seller.name, context: context, .group(
            MarketViews.nav(context, current: "browse"),
            .section(
                .class("card seller-profile"), .id("seller-profile"),
                .span(.class("avatar"), .attribute(named: "aria-hidden", value: "true"), Icon.acorn.node()),
                .div(
                    .h1(.id("seller-name"), .text(seller.name)),
                    .p(.class("hint"), .text(context.pick(ko: "판매 상품 ", en: "") + context.count(page.total, ko: "개", en: "product") + " · "),
                       .text(context.pick(ko: "판매 시작 ", en: "Selling since ")), .text(context.day(seller.since)))
                )
            ),
            TradeViews.reputation(reputation, context),
            .if(products.isEmpty, MarketViews.emptyState(context.pick(ko: "판매 중인 상품이 없어요.", en: "Nothing for sale here."))),
            .div(.id("seller-products"), .class("products grid"), MarketViews.cards(products, states: states, interest: interest, context: context)),
            MarketViews.pager(page, context) { MarketPaths.page($0, of: MarketPaths.seller, seller.id) }
        ))
    }

    /// The seller marks the product reserved for a buyer, sold, or for sale again.
    private static func saleStateForm(id: Int, state: SaleState, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id("sale-state-form"), .class("inline-form"), .action(path: MarketPaths.saleState.link(id)), .method(.post),
            PageLayout.csrfField(context),
            .label(.for(field: "sale-state"), .text(context.pick(ko: "거래 상태", en: "Sale status"))),
            .select(.id("sale-state"), .attribute(named: "name", value: "state"), .forEach(SaleState.allCases) { option in
                FormWidgets.option(option.rawValue, MarketViews.saleStateName(option, context), selected: option == state)
            }),
            .button(.type(.submit), .id("sale-state-submit"), .class("button secondary small"), .text(context.pick(ko: "바꾸기", en: "Change")))
        )
    }

    private static func likeControl(id: Int, liked: Bool, context: PageContext) -> Node<HTML.BodyContext> {
        guard context.account != nil else {
            return .a(.id("like-button"), .class("like-button"), .href(PlatformPaths.login(returningTo: MarketPaths.product.link(id))),
                      Icon.heart.node(), .text(context.pick(ko: " 로그인하고 좋아요", en: " Log in to like")))
        }
        return .form(
            .id("like-form"), .action(path: MarketPaths.like.link(id)), .method(.post), .class("like-form"), .data(named: "in-place", value: "true"),
            PageLayout.csrfField(context),
            .button(.id("like-button"), .type(.submit), .class(liked ? "like-button liked" : "like-button"),
                    .attribute(named: "aria-pressed", value: liked ? "true" : "false"),
                    Icon.heart.node(), .text(liked ? context.pick(ko: " 좋아요 취소", en: " Unlike") : context.pick(ko: " 좋아요", en: " Like")))
        )
    }
}
