import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// The market's list for someone with a 동네: the tabs between its ranges and everything, the
/// search within the range, categories and 나눔, and cards that say each product's 동 and how
/// long ago it went to the top.
enum NearbyViews {
    /// The browse page's `range` for every product, as the list was before 내 동네.
    static let everywhere = "all"

    /// A page of the products near me as the address asked for it.
    struct NearbyList {
        let page: NearbyProducts.Page
        let search: String
        let category: ProductCategory?
        let giveaway: Bool
        let layout: String
        let interest: [Int: ProductInterest.Counts]

        /// This list in another range, category, layout or giveaway choice, from its start
        /// (or from `cursor`); `fragment`, its cards alone.
        func link(range: NeighbourhoodRange? = nil, category: ProductCategory?? = .none, giveaway: Bool? = nil, view: String? = nil,
                  cursor: String? = nil, fragment: Bool = false) -> String {
            MarketPaths.nearby(range: range ?? page.range, view: view ?? layout, search: search, category: category ?? self.category,
                               giveaway: giveaway ?? self.giveaway, cursor: cursor, fragment: fragment)
        }
    }

    static func list(_ list: NearbyList, _ context: PageContext) -> Response {
        let (page, search) = (list.page, list.search)
        let title = search.isEmpty
            ? context.pick(ko: "\(page.centre.name) 근처", en: "Near \(page.centre.name)")
            : context.pick(ko: "\(page.centre.name) 근처 ‘\(search)’", en: "“\(search)” near \(page.centre.name)")
        return PageLayout.render(title: title, context: context, .group(
            MarketViews.nav(context, current: "browse"),
            scopes(around: page.centre, current: page.range, everywhere: MarketPaths.browse(view: list.layout, search: search, category: list.category,
                                                                                             scope: everywhere), context) { list.link(range: $0) },
            .h1(.id("market-title"), .text(title)),
            .form(
                .class("search-form"), .action(path: MarketPaths.browse.link), .method(.get),
                .input(.type(.hidden), .name("range"), .value(page.range.rawValue)),
                .input(.type(.hidden), .name("view"), .value(list.layout)),
                .if(list.giveaway, .input(.type(.hidden), .name("giveaway"), .value("1"))),
                .input(.type(.search), .name("q"), .id("market-search"), .value(search),
                       .placeholder(text: context.pick(ko: "내 동네 범위에서 찾기", en: "Search within this range"))),
                .button(.type(.submit), .id("market-search-submit"), .text(context.pick(ko: "검색", en: "Search")))
            ),
            BrowseViews.categoryChips(current: list.category, link: { list.link(category: .some($0)) }, context),
            .div(
                .class("list-toolbar"),
                .a(.id("giveaway-filter"), .class(list.giveaway ? "chip current" : "chip"), .href(list.link(giveaway: !list.giveaway)),
                   .attribute(named: "aria-pressed", value: list.giveaway ? "true" : "false"), .text(context.pick(ko: "나눔만 보기", en: "Free only"))),
                .a(.id("view-toggle"), .href(list.link(view: list.layout == "grid" ? "list" : "grid")),
                   .text(list.layout == "grid" ? context.pick(ko: "목록으로 보기", en: "List view") : context.pick(ko: "격자로 보기", en: "Grid view")))
            ),
            .if(page.items.isEmpty, MarketViews.emptyState(context.pick(
                ko: "이 범위에는 상품이 없어요. 범위를 넓혀 보세요.", en: "Nothing here within this range: try a wider one."))),
            .div(.id("product-list"), .class("products \(list.layout)"), cards(page.items, interest: list.interest, context)),
            .unwrap(page.nextCursor) { next in
                .a(.id("next-page"), .class("button secondary more"), .href(list.link(cursor: next)),
                   .data(named: "fragment", value: list.link(cursor: next, fragment: true)), .text(context.pick(ko: "더 보기", en: "Load more")))
            }
        ))
    }

    /// The products near me as cards, each saying its 동 and how long ago it went to the top.
    static func cards(_ items: [NearbyProducts.Item], interest: [Int: ProductInterest.Counts], _ context: PageContext) -> Node<HTML.BodyContext> {
        let states = Dictionary(items.filter { $0.state != .selling }.map { ($0.product.id, $0.state) }) { first, _ in first }
        let places = Dictionary(items.map { ($0.product.id, MarketViews.CardPlace(name: $0.place.name, bumpedAt: MarketPresenter.date($0.bumpedAt))) }) { first, _ in first }
        return MarketViews.cards(items.map(\.product), states: states, interest: interest, places: places, context: context)
    }

    /// The cards' places for any list of products.
    static func cardPlaces(_ whereabouts: [Int: ProductPlaces.Whereabouts]) -> [Int: MarketViews.CardPlace] {
        whereabouts.mapValues { MarketViews.CardPlace(name: $0.place?.name, bumpedAt: MarketPresenter.date($0.bumpedAt)) }
    }

    /// The tabs between my 동네's three ranges (`link`) and every product (at `everywhere`), the
    /// one shown marked (`current`, nil for everything), with the way to my 동네 and keyword pages.
    static func scopes(around centre: Neighbourhoods.Place, current: NeighbourhoodRange?, everywhere: String, _ context: PageContext,
                       link: (NeighbourhoodRange) -> String) -> Node<HTML.BodyContext> {
        typealias Tab = (id: String, label: String, href: String, current: Bool)
        let ranges = NeighbourhoodRange.allCases.map { range -> Tab in
            (id: range.rawValue, label: NeighbourhoodViews.rangeName(range, context), href: link(range), current: range == current)
        }
        let tabs = ranges + [(id: Self.everywhere, label: context.pick(ko: "전체", en: "Everywhere"), href: everywhere, current: current == nil)]
        return .div(
            .class("neighbourhood-bar"), .id("neighbourhood-bar"),
            .p(.class("my-neighbourhood"),
               .a(.id("my-neighbourhood-link"), .href(MarketPaths.neighbourhoods.link), Icon.pin.node(), .text(" " + centre.name)),
               .text(" · "),
               .a(.id("keyword-alerts-link"), .href(MarketPaths.keywordAlerts.link), Icon.bell.node(), .text(context.pick(ko: " 키워드 알림", en: " Keyword alerts")))),
            .nav(
                .class("chips range-chips"), .id("range-chips"), .attribute(named: "aria-label", value: context.pick(ko: "동네 범위", en: "How far")),
                .forEach(tabs) { tab in
                    .a(.class(tab.current ? "chip current" : "chip"), .href(tab.href), .data(named: "range", value: tab.id),
                       .if(tab.current, .attribute(named: "aria-current", value: "true")), .text(tab.label))
                }
            )
        )
    }
}
