import Platform
import SproutAPI
import Vapor

/// `/market`: the product list (grid or list, search, a "more" link that scripts turn into
/// infinite scroll), the product detail and a seller's profile.
struct BrowsePages: Sendable {
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let likes: ProductLikes
    let messenger: Messenger
    static let pageSize = 20
    let presenter = MarketPresenter(baseURL: "")

    func register(on pages: any RoutesBuilder) {
        pages.get("market", use: browse)
        pages.get("market", "products", ":id", use: detail)
        pages.post("market", "products", ":id", "like", use: toggleLike)
        pages.get("market", "vendors", ":id", use: seller)
        pages.get("market", "products", ":id", "report", use: reportForm)
        pages.post("market", "products", ":id", "report", use: report)
    }

    struct BrowseQuery: Content {
        var page: Int?
        var q: String?
        var category: String?
        var view: String?
        /// `1` asks for the cards alone, for the infinite-scroll script.
        var fragment: Int?
    }

    func browse(_ req: Request) async throws -> Response {
        let query = (try? req.query.decode(BrowseQuery.self)) ?? BrowseQuery()
        let number = min(max(query.page ?? 1, 1), ProductCatalog.maxPageNumber)
        let search = query.q?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let layout = query.view == "list" ? "list" : "grid"
        // An unknown category lists everything rather than nothing: it is a stale or typed link.
        let category = query.category.flatMap(ProductCategory.init(rawValue:))
        let page = try await ProductListing().page(number: number, size: Self.pageSize, search: search, category: category, presenter: presenter, on: req.db)
        let ids = page.pages.map(\.id)
        let states = try await catalog.saleStates(of: ids, on: req.db)
        let interest = try await ProductInterest(clock: catalog.clock).counts(of: ids, on: req.db)
        let context = try await PageContext.load(for: req)
        let list = BrowseViews.ProductList(page: page, states: states, interest: interest, number: number, search: search, category: category, layout: layout)
        if query.fragment == 1 {
            var headers = HTTPHeaders()
            headers.contentType = .html
            headers.add(name: "X-Has-Next", value: page.hasNext ? "1" : "0")
            let cards = MarketViews.cards(page.pages, states: states, interest: interest, context: context)
            return Response(status: .ok, headers: headers, body: .init(string: cards.render()))
        }
        return BrowseViews.list(list, context)
    }

    func detail(_ req: Request) async throws -> Response {
        guard let id = req.parameters.get("id").flatMap(Int.init) else { throw Abort(.notFound) }
        let product = try await catalog.find(id, on: req.db)
        let context = try await PageContext.load(for: req)
        let detail = presenter.detail(product)
        var liked = false
        var isOwner = false
        var askers: [Conversations.Conversation] = []
        if let account = context.account {
            let accountID = try account.requireID()
            liked = try await likes.isLiked(id, by: accountID, on: req.db)
            isOwner = try await sells(product, accountID: accountID, req)
            if isOwner { askers = try await messenger.conversations(about: ConversationTopic(app: "market", id: String(id)), of: accountID, on: req.db) }
        }
        let interest = ProductInterest(clock: catalog.clock)
        if !isOwner, let visitor = req.webVisitor { try await interest.recordView(of: id, by: visitor, on: req.db) }
        let counts = try await interest.counts(of: [id], on: req.db)[id] ?? ProductInterest.Counts()
        let selected = min(max((try? req.query.get(Int.self, at: "image")) ?? 0, 0), max(detail.images.count - 1, 0))
        let done = isOwner ? (try? req.query.get(String.self, at: "done")).flatMap(BrowseViews.Done.init) : nil
        let listing = BrowseViews.Listing(
            detail: detail, state: SaleState(rawValue: product.saleState) ?? .selling, category: ProductCategory(rawValue: product.category) ?? .other,
            vendorName: product.vendor.name, interest: counts
        )
        return BrowseViews.detail(listing, liked: liked, isOwner: isOwner, askers: askers, selected: selected, done: done, context)
    }

    /// A seller's profile: their name, since when they sell, and their products, newest first.
    func seller(_ req: Request) async throws -> Response {
        guard let id = req.parameters.get("id").flatMap(Int.init), let vendor = try await vendors.vendor(id: id, on: req.db) else {
            throw Abort(.notFound)
        }
        let page = try await catalog.products(ofVendor: vendor, page: MarketViews.pageNumber(req), size: MarketViews.listPageSize, on: req.db)
        let profile = BrowseViews.Seller(id: id, name: vendor.name, since: MarketPresenter.date(vendor.createdAt))
        let interest = try await ProductInterest(clock: catalog.clock).counts(of: page.products.compactMap(\.id), on: req.db)
        return BrowseViews.seller(profile, page: page, products: page.products.map(presenter.listed),
                                  states: ProductCatalog.saleStates(of: page.products), interest: interest, try await PageContext.load(for: req))
    }

    // MARK: Report

    func reportForm(_ req: Request) async throws -> Response {
        try await ReportPages().form(req, try await reportTarget(req))
    }

    func report(_ req: Request) async throws -> Response {
        try await ReportPages().submit(req, try await reportTarget(req))
    }

    /// A listing to report; its seller cannot report it.
    private func reportTarget(_ req: Request) async throws -> ReportPages.Target {
        guard let id = req.parameters.get("id").flatMap(Int.init) else { throw Abort(.notFound) }
        let product = try await catalog.find(id, on: req.db)
        let isOwn = try await sells(product, accountID: req.webAccountID, req)
        return ReportPages.Target(subject: ReportSubject(app: "market", id: String(id), path: "/market/products/\(id)"), title: product.name,
                                  isOwn: isOwn) { MarketViews.nav($0, current: "browse") }
    }

    /// Whether the signed-in account is the vendor selling `product`.
    private func sells(_ product: Product, accountID: String?, _ req: Request) async throws -> Bool {
        guard let accountID else { return false }
        return try await vendors.vendor(ofAccount: accountID, on: req.db)?.id == product.$vendor.id
    }

    func toggleLike(_ req: Request) async throws -> Response {
        guard let accountID = req.webAccountID else { return req.redirect(to: "/login", redirectType: .normal) }
        guard let id = req.parameters.get("id").flatMap(Int.init) else { throw Abort(.notFound) }
        let product = try await catalog.find(id, on: req.db)
        if try await likes.isLiked(id, by: accountID, on: req.db) {
            try await likes.unlike(id, by: accountID, on: req.db)
        } else {
            try await likes.like(product, by: accountID, on: req.db)
        }
        return req.redirect(to: "/market/products/\(id)", redirectType: .normal)
    }
}
