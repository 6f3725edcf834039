import Platform

/// Dotori Market's pages, each path written once: the pages are registered at these and every
/// link, form action, redirect and notification to them is built from them. A product and a
/// seller are named by their number, read by the handlers as `id`.
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

    /// The signed-in person's own: becoming a vendor, selling, editing, their lists.
    static let vendor = PagePath<Void>("market/vendor")
    static let vendorSecret = PagePath<Void>("market/vendor/secret")
    static let sell = PagePath<Void>("market/sell")
    static let edit = PagePath<Int>("market/products/{id}/edit")
    static let delete = PagePath<Int>("market/products/{id}/delete")
    static let saleState = PagePath<Int>("market/products/{id}/sale-state")
    static let mine = PagePath<Void>("market/mine")
    static let likes = PagePath<Void>("market/likes")

    /// The product list at `page` in `view` ("grid" or "list"), searching for `search` in
    /// `category`; `fragment` asks for the cards alone, for the infinite-scroll script. What is
    /// left out is not in the link.
    static func browse(page: Int? = nil, view: String? = nil, search: String = "", category: ProductCategory? = nil, fragment: Bool = false) -> String {
        browse.link(query: [
            ("page", page.map(String.init)), ("view", view), ("q", search.isEmpty ? nil : search),
            ("category", category?.rawValue), ("fragment", fragment ? "1" : nil),
        ])
    }

    /// Becoming a vendor, then back to `next` (the sell form that sent the person there).
    static func vendor(returningTo next: String) -> String {
        vendor.link(query: [("next", next)])
    }

    /// The product page with what the seller just did confirmed at its top.
    static func product(_ id: Int, done: String) -> String {
        product.link(id, query: [("done", done)])
    }

    /// The product page showing its photo at `image` (0 first) in the gallery.
    static func product(_ id: Int, image: Int) -> String {
        product.link(id, query: [("image", String(image))])
    }

    /// A paged list (my products, my likes, a seller's products) at page `number`.
    static func page<Parameters>(_ number: Int, of list: PagePath<Parameters>, _ parameters: Parameters) -> String {
        list.link(parameters, query: [("page", String(number))])
    }

    static func page(_ number: Int, of list: PagePath<Void>) -> String {
        page(number, of: list, ())
    }
}
