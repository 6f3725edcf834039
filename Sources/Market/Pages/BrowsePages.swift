import Platform
import SproutAPI
import Vapor

/// `/market`: the product list (grid or list, search, a "more" link that scripts turn into
/// infinite scroll), the product detail and a seller's profile.
struct BrowsePages: Sendable {
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let likes: ProductLikes
    let trades: TradeDesk
    static let pageSize = 20
    let presenter = MarketPresenter(baseURL: "")

    func register(on pages: any RoutesBuilder) {
        pages.get(MarketPaths.browse, use: browse)
        pages.get(MarketPaths.product, use: detail)
        pages.post(MarketPaths.like, use: toggleLike)
        pages.get(MarketPaths.seller, use: seller)
        pages.post(MarketPaths.reservation) { try await self.closeDeal($0, at: MarketPaths.reservation) { id, me, req in
            try await trades.reserve(id, for: (try? req.content.get(String.self, at: "buyer")) ?? "", by: me, on: req.db)
        } }
        pages.post(MarketPaths.sold) { try await self.closeDeal($0, at: MarketPaths.sold) { id, me, req in
            let buyer = (try? req.content.get(String.self, at: "buyer")).flatMap { $0.isEmpty ? nil : $0 }
            return try await trades.sell(id, to: buyer, by: me, on: req.db)
        } }
        pages.post(MarketPaths.release) { try await self.closeDeal($0, at: MarketPaths.release) { id, me, req in
            try await trades.release(id, by: me, on: req.db)
        } }
        pages.get(MarketPaths.review, use: reviewPage)
        pages.post(MarketPaths.review, use: review)
        pages.get(MarketPaths.report, use: reportForm)
        pages.post(MarketPaths.report, use: report)
    }

    struct BrowseQuery: Content {
        var page: Int?
        var q: String?
        var category: String?
        var view: String?
        /// `1` asks for the cards alone, for the infinite-scroll script.
        var fragment: Int?
        /// For someone with a 동네: one of its ranges (theirs by default), or `all` for everything.
        var range: String?
        /// `1` lists only giveaways (나눔), within a range.
        var giveaway: String?
        /// Where the next page of a range starts (`NearbyProducts`).
        var cursor: String?
    }

    func browse(_ req: Request) async throws -> Response {
        let query = try req.queryFields(BrowseQuery.self)
        let context = try await PageContext.load(for: req)
        // Someone with a 동네 starts at it, within their range; 전체 is every product, as before.
        let mine = try await myNeighbourhood(context, req)
        if let mine, query.range != NearbyViews.everywhere { return try await nearby(req, query, around: mine, context) }
        let number = min(max(query.page ?? 1, 1), ProductCatalog.maxPageNumber)
        let search = query.q?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let layout = query.view == "list" ? "list" : "grid"
        // An unknown category lists everything rather than nothing: it is a stale or typed link.
        let category = query.category.flatMap(ProductCategory.init(rawValue:))
        let page = try await ProductListing().page(number: number, size: Self.pageSize, search: search, category: category, soldLast: true, presenter: presenter, on: req.db)
        let ids = page.pages.map(\.id)
        let states = try await catalog.saleStates(of: ids, on: req.db)
        let interest = try await ProductInterest(clock: catalog.clock).counts(of: ids, on: req.db)
        let places = NearbyViews.cardPlaces(try await ProductPlaces(places: catalog.neighbourhoods.places).whereabouts(of: ids, on: req.db))
        let list = BrowseViews.ProductList(page: page, states: states, interest: interest, number: number, search: search, category: category, layout: layout,
                                           places: places, scope: mine == nil ? nil : NearbyViews.everywhere)
        if query.fragment == 1 {
            var headers = HTTPHeaders()
            headers.contentType = .html
            headers.add(name: "X-Has-Next", value: page.hasNext ? "1" : "0")
            let cards = MarketViews.cards(page.pages, states: states, interest: interest, places: places, context: context)
            return Response(status: .ok, headers: headers, body: .init(string: cards.render()))
        }
        let scopes = mine.map { mine in
            NearbyViews.scopes(around: mine.place, current: nil, everywhere: list.link(page: 1), context) { range in
                MarketPaths.nearby(range: range, view: layout, search: search, category: category, giveaway: false)
            }
        }
        return BrowseViews.list(list, context, scopes: scopes ?? .empty)
    }

    func detail(_ req: Request) async throws -> Response {
        guard let id = MarketPaths.product.parameters(in: req) else { throw Abort(.notFound) }
        let product = try await catalog.find(id, on: req.db)
        let context = try await PageContext.load(for: req)
        guard ProductHiding.mayOpen(product, accountID: context.account?.id) else { throw Abort(.notFound) }
        let detail = presenter.detail(product)
        var liked = false
        var isOwner = false
        // The conversation's "예약하기" names the buyer to choose.
        var trade = BrowseViews.Trade(buyer: try req.queryFields(ProductPageQuery.self).buyer ?? product.buyerAccountID)
        trade.allowsOffers = product.allowsOffers
        trade.takesOffers = PriceOffers.takesOffers(product)
        if let account = context.account {
            let accountID = try account.requireID()
            liked = try await likes.isLiked(id, by: accountID, on: req.db)
            isOwner = try await sells(product, accountID: accountID, req)
            if isOwner { trade.askers = try await trades.messenger.conversations(about: TradeDesk.topic(of: product), of: accountID, on: req.db) }
            trade.mayReview = try await trades.mayReview(product, by: accountID, on: req.db)
            trade.reviewsSeller = !isOwner
        }
        let interest = ProductInterest(clock: catalog.clock)
        if !isOwner, let visitor = req.webVisitor { try await interest.recordView(of: id, by: visitor, on: req.db) }
        let counts = try await interest.counts(of: [id], on: req.db)[id] ?? ProductInterest.Counts()
        let asked = try req.queryFields(ProductPageQuery.self)
        let selected = min(max(asked.image ?? 0, 0), max(detail.images.count - 1, 0))
        let done = isOwner ? asked.done : nil
        let listing = BrowseViews.Listing(
            detail: detail, state: SaleState(rawValue: product.saleState) ?? .selling, category: ProductCategory(rawValue: product.category) ?? .other,
            vendorName: try await vendors.sellerName(of: product.vendor, on: req.db).spoken, interest: counts,
            place: try await placeLine(of: product, context, req), removed: product.removedAt != nil
        )
        let controls = isOwner ? ListingControlViews.Controls(product, now: context.now) : nil
        return BrowseViews.detail(listing, liked: liked, isOwner: isOwner, trade: trade, selected: selected, done: done, controls: controls, context)
    }

    /// A seller's profile: their name, since when they sell, and their products, newest first.
    func seller(_ req: Request) async throws -> Response {
        guard let id = MarketPaths.seller.parameters(in: req), let vendor = try await vendors.vendor(id: id, on: req.db) else {
            throw Abort(.notFound)
        }
        let page = try await catalog.listedProducts(ofVendor: vendor, page: MarketViews.pageNumber(req), size: MarketViews.listPageSize, on: req.db)
        let profile = BrowseViews.Seller(id: id, name: try await vendors.sellerName(of: vendor, on: req.db).spoken, since: MarketPresenter.date(vendor.createdAt))
        let reputation = try await trades.reputation(of: vendor.$account.id, on: req.db)
        let interest = try await ProductInterest(clock: catalog.clock).counts(of: page.products.compactMap(\.id), on: req.db)
        return BrowseViews.seller(profile, reputation: reputation, page: page, products: page.products.map(presenter.listed),
                                  states: ProductCatalog.saleStates(of: page.products), interest: interest, try await PageContext.load(for: req))
    }

    // MARK: Closing the deal

    /// A seller's step in closing the deal; a refusal is the page's 400 or 403.
    private func closeDeal(_ req: Request, at path: PagePath<Int>, _ step: @Sendable (Int, String, Request) async throws -> Product) async throws -> Response {
        guard let id = path.parameters(in: req) else { throw Abort(.notFound) }
        let (_, account) = try await PageContext.signedIn(req, next: MarketPaths.product.link(id))
        do {
            _ = try await step(id, try account.requireID(), req)
        } catch let error as TradeError {
            throw MarketErrorMiddleware.abort(error)
        }
        return req.redirect(to: MarketPaths.product.link(id, fragment: "trade"), redirectType: .normal)
    }

    func review(_ req: Request) async throws -> Response {
        guard let id = MarketPaths.review.parameters(in: req) else { throw Abort(.notFound) }
        let (_, account) = try await PageContext.signedIn(req, next: MarketPaths.product.link(id))
        let rating = (try? req.content.get(String.self, at: "rating")) ?? ""
        let text = (try? req.content.get(String.self, at: "text")) ?? ""
        let tags = (try? req.content.get([String].self, at: "tags")) ?? []
        do {
            try await trades.review(id, by: try account.requireID(), rating: rating, text: text, tags: tags, on: req.db)
        } catch let error as TradeError {
            throw MarketErrorMiddleware.abort(error)
        }
        return req.redirect(to: MarketPaths.product.link(id), redirectType: .normal)
    }

    /// The review form alone, where a review request and the conversation lead; once reviewed,
    /// or for anyone outside the trade, the product's page.
    func reviewPage(_ req: Request) async throws -> Response {
        guard let id = MarketPaths.review.parameters(in: req) else { throw Abort(.notFound) }
        let (context, account) = try await PageContext.signedIn(req, next: MarketPaths.review.link(id))
        let me = try account.requireID()
        let product = try await catalog.find(id, on: req.db)
        guard try await trades.mayReview(product, by: me, on: req.db) else {
            return req.redirect(to: MarketPaths.product.link(id), redirectType: .normal)
        }
        return TradeViews.reviewPage(productID: id, title: product.name, aboutSeller: product.vendor.$account.id != me, context)
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
        guard let id = MarketPaths.report.parameters(in: req) else { throw Abort(.notFound) }
        let product = try await catalog.find(id, shownTo: req.webAccountID, on: req.db)
        let isOwn = try await sells(product, accountID: req.webAccountID, req)
        return ReportPages.Target(subject: ReportSubject(app: "market", id: String(id), path: MarketPaths.product.link(id)),
                                  form: MarketPaths.report.link(id), title: product.name,
                                  isOwn: isOwn) { MarketViews.nav($0, current: "browse") }
    }

    /// Whether the signed-in account is the vendor selling `product`.
    private func sells(_ product: Product, accountID: String?, _ req: Request) async throws -> Bool {
        guard let accountID else { return false }
        return try await vendors.vendor(ofAccount: accountID, on: req.db)?.id == product.$vendor.id
    }

    func toggleLike(_ req: Request) async throws -> Response {
        guard let accountID = req.webAccountID else { return req.redirect(to: PlatformPaths.login.link, redirectType: .normal) }
        guard let id = MarketPaths.like.parameters(in: req) else { throw Abort(.notFound) }
        let product = try await catalog.find(id, shownTo: accountID, on: req.db)
        if try await likes.isLiked(id, by: accountID, on: req.db) {
            try await likes.unlike(id, by: accountID, on: req.db)
        } else {
            try await likes.like(product, by: accountID, on: req.db)
        }
        return req.redirect(to: MarketPaths.product.link(id), redirectType: .normal)
    }
}
