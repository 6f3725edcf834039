import Platform
import Plot
import SproutAPI
import Vapor

/// `/market`: the product list (grid or list, search, a "more" link that scripts turn into
/// infinite scroll) and the product detail.
struct BrowsePages: Sendable {
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    static let pageSize = 20
    let presenter = MarketPresenter(baseURL: "")

    func register(on pages: any RoutesBuilder) {
        pages.get("market", use: browse)
        pages.get("market", "products", ":id", use: detail)
        pages.post("market", "products", ":id", "like", use: toggleLike)
    }

    struct BrowseQuery: Content {
        var page: Int?
        var q: String?
        var view: String?
        /// `1` asks for the cards alone, for the infinite-scroll script.
        var fragment: Int?
    }

    func browse(_ req: Request) async throws -> Response {
        let query = (try? req.query.decode(BrowseQuery.self)) ?? BrowseQuery()
        let number = min(max(query.page ?? 1, 1), ProductCatalog.maxPageNumber)
        let search = query.q?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let layout = query.view == "list" ? "list" : "grid"
        let page = try await ProductListing().page(number: number, size: Self.pageSize, search: search, presenter: presenter, on: req.db)
        let total = page.totalCount
        let context = try await PageContext.load(for: req)
        func link(page: Int? = nil, view: String? = nil) -> String {
            var items = ["page=\(page ?? number)", "view=\(view ?? layout)"]
            if !search.isEmpty { items.append("q=\(search.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")") }
            return "/market?" + items.joined(separator: "&")
        }
        if query.fragment == 1 {
            var headers = HTTPHeaders()
            headers.contentType = .html
            headers.add(name: "X-Has-Next", value: page.hasNext ? "1" : "0")
            return Response(status: .ok, headers: headers, body: .init(string: MarketViews.cards(page.pages, context: context).render()))
        }
        return PageLayout.render(title: context.pick(ko: "도토리 마켓", en: "Dotori Market"), context: context, .group(
            MarketViews.nav(context, current: "browse"),
            .form(
                .class("search-form"), .action("/market"), .method(.get),
                .input(.type(.hidden), .name("view"), .value(HTMLAttribute.escape(layout))),
                .input(.type(.search), .name("q"), .id("market-search"), .value(HTMLAttribute.escape(search)),
                       .placeholder(context.pick(ko: "상품 이름이나 설명으로 찾기", en: "Search names and descriptions"))),
                .button(.type(.submit), .id("market-search-submit"), .text(context.pick(ko: "검색", en: "Search")))
            ),
            .div(
                .class("list-toolbar"),
                .span(.class("hint"), .id("product-count"), .text(context.pick(ko: "상품 \(total)개", en: "\(total) products"))),
                .a(.id("view-toggle"), .href(link(page: 1, view: layout == "grid" ? "list" : "grid")),
                   .text(layout == "grid" ? context.pick(ko: "목록으로 보기", en: "List view") : context.pick(ko: "격자로 보기", en: "Grid view")))
            ),
            .if(page.pages.isEmpty, MarketViews.emptyState(context.pick(ko: "상품이 없어요.", en: "No products here."))),
            .div(.id("product-list"), .class("products \(layout)"), .data(named: "page", value: String(number)), MarketViews.cards(page.pages, context: context)),
            .if(page.hasNext, .a(.id("next-page"), .class("button secondary more"), .href(link(page: number + 1)),
                                 .data(named: "fragment", value: link(page: number + 1) + "&fragment=1"),
                                 .text(context.pick(ko: "더 보기", en: "Load more"))))
        ))
    }

    func detail(_ req: Request) async throws -> Response {
        guard let id = req.parameters.get("id").flatMap(Int.init) else { throw Abort(.notFound) }
        let product = try await catalog.find(id, on: req.db)
        let context = try await PageContext.load(for: req)
        let detail = presenter.detail(product)
        let listed = presenter.listed(product)
        var liked = false
        var isOwner = false
        if let account = context.account {
            let accountID = try account.requireID()
            liked = try await ProductLikes(clock: catalog.clock).isLiked(id, by: accountID, on: req.db)
            isOwner = try await vendors.vendor(ofAccount: accountID, on: req.db)?.id == product.$vendor.id
        }
        let selected = min(max((try? req.query.get(Int.self, at: "image")) ?? 0, 0), max(detail.images.count - 1, 0))
        return PageLayout.render(title: detail.name, context: context, .group(
            MarketViews.nav(context, current: "browse"),
            .article(
                .class("product-detail"), .id("product-detail"), .data(named: "id", value: String(id)),
                .div(
                    .class("gallery"),
                    .unwrap(detail.images.indices.contains(selected) ? detail.images[selected].url : nil) {
                        .img(.id("gallery-main"), .src($0), .alt(HTMLAttribute.escape(detail.name)))
                    },
                    .div(.class("gallery-thumbs"), .forEach(detail.images.enumerated()) { index, image in
                        .a(.href("/market/products/\(id)?image=\(index)"), .class(index == selected ? "current" : ""),
                           .data(named: "full", value: image.url),
                           .img(.src(image.thumbnailURL), .alt(HTMLAttribute.escape("\(detail.name) \(index + 1)"))))
                    })
                ),
                .div(
                    .class("product-info"),
                    .h1(.id("product-name"), .text(detail.name)),
                    .p(.class("vendor"), .text(context.pick(ko: "판매자 ", en: "Sold by ")), .strong(.text(product.vendor.name))),
                    MarketViews.priceBlock(price: detail.price, discount: detail.discountedPrice, currency: detail.currency),
                    MarketViews.stock(detail.stock, context),
                    likeControl(id: id, liked: liked, context: context),
                    .p(.class("description"), .id("product-description"), .text(listed.description)),
                    .if(isOwner, .div(
                        .class("owner-actions"),
                        .a(.id("edit-product"), .class("button secondary"), .href("/market/products/\(id)/edit"), .text(context.pick(ko: "수정", en: "Edit"))),
                        .a(.id("delete-product"), .class("button danger"), .href("/market/products/\(id)/delete"), .text(context.pick(ko: "삭제", en: "Delete")))
                    ))
                )
            )
        ))
    }

    private func likeControl(id: Int, liked: Bool, context: PageContext) -> Node<HTML.BodyContext> {
        guard context.account != nil else {
            return .a(.id("like-button"), .class("like-button"), .href("/login?next=/market/products/\(id)"),
                      .text("♡ " + context.pick(ko: "로그인하고 좋아요", en: "Log in to like")))
        }
        return .form(
            .action("/market/products/\(id)/like"), .method(.post), .class("like-form"),
            PageLayout.csrfField(context),
            .button(.id("like-button"), .type(.submit), .class(liked ? "like-button liked" : "like-button"),
                    .attribute(named: "aria-pressed", value: liked ? "true" : "false"),
                    .text(liked ? "♥ " + context.pick(ko: "좋아요 취소", en: "Unlike") : "♡ " + context.pick(ko: "좋아요", en: "Like")))
        )
    }

    func toggleLike(_ req: Request) async throws -> Response {
        guard let accountID = req.webAccountID else { return req.redirect(to: "/login", redirectType: .normal) }
        guard let id = req.parameters.get("id").flatMap(Int.init) else { throw Abort(.notFound) }
        _ = try await catalog.find(id, on: req.db)
        let likes = ProductLikes(clock: catalog.clock)
        if try await likes.isLiked(id, by: accountID, on: req.db) {
            try await likes.unlike(id, by: accountID, on: req.db)
        } else {
            try await likes.like(id, by: accountID, on: req.db)
        }
        return req.redirect(to: "/market/products/\(id)", redirectType: .normal)
    }
}
