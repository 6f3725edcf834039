import Platform
import SproutAPI

/// Dotori Market's pages, each path written once: the pages are registered at these and every
/// link, form action, redirect and notification to them is built from them. A product and a
/// seller are named by their number, which a handler reads through its path (`parameters(in:)`).
enum MarketPaths {
    /// The product list; `browse(…)` links it with filters.
    static let browse = PagePath<Void>("market")
    static let product = PagePath<Int>("market/products/{id}")
    static let like = PagePath<Int>("market/products/{id}/like")
    static let report = PagePath<Int>("market/products/{id}/report")
    /// A seller's profile, by vendor number.
    static let seller = PagePath<Int>("market/vendors/{id}")

    /// Closing the deal and reviewing it, posted from the product page.
    static let reservation = PagePath<Int>("market/products/{id}/reservation")
    static let sold = PagePath<Int>("market/products/{id}/sold")
    static let release = PagePath<Int>("market/products/{id}/release")
    static let review = PagePath<Int>("market/products/{id}/review")

    /// 가격 제안: a product's offers (the buyer's form and own offers, or the seller's list),
    /// reached from the conversation; the seller's answers to one offer, by offer number.
    static let offers = PagePath<Int>("market/products/{id}/offers")
    static let acceptOffer = PagePath<Int>("market/offers/{id}/accept")
    static let declineOffer = PagePath<Int>("market/offers/{id}/decline")

    /// The signed-in person's own: becoming a vendor, selling, editing, their lists.
    static let vendor = PagePath<Void>("market/vendor")
    static let vendorSecret = PagePath<Void>("market/vendor/secret")
    static let sell = PagePath<Void>("market/sell")
    static let edit = PagePath<Int>("market/products/{id}/edit")
    static let delete = PagePath<Int>("market/products/{id}/delete")
    static let saleState = PagePath<Int>("market/products/{id}/sale-state")
    static let mine = PagePath<Void>("market/mine")
    static let likes = PagePath<Void>("market/likes")
    /// What was sold to me (구매내역).
    static let purchases = PagePath<Void>("market/purchases")

    /// The seller's controls of a listing, posted from the product page: bump it (끌올), hide it, show it.
    static let bump = PagePath<Int>("market/products/{id}/bump")
    static let hide = PagePath<Int>("market/products/{id}/hide")
    static let unhide = PagePath<Int>("market/products/{id}/unhide")

    /// 내 동네: choose up to two 동, the current one and the range; verify one where the browser is.
    static let neighbourhoods = PagePath<Void>("market/neighbourhoods")
    static let addNeighbourhood = PagePath<Void>("market/neighbourhoods/add")
    static let removeNeighbourhood = PagePath<Void>("market/neighbourhoods/remove")
    static let currentNeighbourhood = PagePath<Void>("market/neighbourhoods/current")
    static let neighbourhoodRange = PagePath<Void>("market/neighbourhoods/range")
    static let verifyNeighbourhood = PagePath<Void>("market/neighbourhoods/verify")
    /// 키워드 알림: my keywords; `?keyword=` shows what is listed near me for one of them.
    static let keywordAlerts = PagePath<Void>("market/keywords")
    static let removeKeyword = PagePath<Void>("market/keywords/remove")

    /// The product list at `page` in `view` ("grid" or "list"), searching for `search` in
    /// `category`; `fragment` asks for the cards alone, for the infinite-scroll script; `scope`
    /// is `all` for everything when the person has a 동네 (`NearbyViews.everywhere`). What is left
    /// out is not in the link.
    static func browse(page: Int? = nil, view: String? = nil, search: String = "", category: ProductCategory? = nil, fragment: Bool = false,
                       scope: String? = nil) -> String {
        browse.link(query: [
            ("range", scope), ("page", page.map(String.init)), ("view", view), ("q", search.isEmpty ? nil : search),
            ("category", category?.rawValue), ("fragment", fragment ? "1" : nil),
        ])
    }

    /// The list of products near my 동 within `range` (mine when nil), in `view`, searching for
    /// `search` in `category`, only giveaways with `giveaway`, from `cursor` on.
    static func nearby(range: NeighbourhoodRange?, view: String?, search: String, category: ProductCategory?, giveaway: Bool,
                       cursor: String? = nil, fragment: Bool = false) -> String {
        browse.link(query: [
            ("range", range?.rawValue), ("view", view), ("q", search.isEmpty ? nil : search), ("category", category?.rawValue),
            ("giveaway", giveaway ? "1" : nil), ("cursor", cursor), ("fragment", fragment ? "1" : nil),
        ])
    }

    /// My 동네 page, listing the 동 whose names match `search`.
    static func neighbourhoods(search: String) -> String {
        neighbourhoods.link(query: [("q", search.isEmpty ? nil : search)])
    }

    /// My keywords, showing what is listed near me for `keyword` (where its alerts lead).
    static func keywordAlerts(for keyword: String) -> String {
        keywordAlerts.link(query: [("keyword", keyword)])
    }

    /// Becoming a vendor, then back to `next` (the sell form that sent the person there).
    static func vendor(returningTo next: String) -> String {
        vendor.link(query: ReturnTo(next: next))
    }

    /// The product page with what the seller just did confirmed at its top.
    static func product(_ id: Int, done: BrowseViews.Done) -> String {
        product.link(id, query: ProductPageQuery(done: done))
    }

    /// The product page showing its photo at `image` (0 first) in the gallery.
    static func product(_ id: Int, image: Int) -> String {
        product.link(id, query: ProductPageQuery(image: image))
    }

    /// My products on the tab named `tab`, at page `number` (the first when nil).
    static func mine(tab: Market.MyProductsTab, page number: Int? = nil) -> String {
        mine.link(query: MyProductsQuery(tab: tab, page: number))
    }

    /// A paged list (my products, my likes, a seller's products) at page `number`.
    static func page<Parameters>(_ number: Int, of list: PagePath<Parameters>, _ parameters: Parameters) -> String {
        list.link(parameters, query: MarketListPage(page: number))
    }

    static func page(_ number: Int, of list: PagePath<Void>) -> String {
        page(number, of: list, ())
    }
}
