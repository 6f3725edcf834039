import Foundation
import Platform
import SproutAPI
import Vapor

/// `/market` for someone with a 동네: the products within a range of their current 동 (theirs
/// unless a tab chose another), newest bump first, with the search, the categories and 나눔
/// within it; "더 보기" and the infinite-scroll script page by cursor. And each product page's
/// line saying where the product is from mine.
extension BrowsePages {
    /// My current 동 and range, for someone signed in who chose one.
    func myNeighbourhood(_ context: PageContext, _ req: Request) async throws -> (place: Neighbourhoods.Place, range: NeighbourhoodRange)? {
        guard let account = context.account else { return nil }
        return try await catalog.neighbourhoods.current(of: try account.requireID(), on: req.db)
    }

    func nearby(_ req: Request, _ browse: BrowseQuery, around mine: (place: Neighbourhoods.Place, range: NeighbourhoodRange),
                _ context: PageContext) async throws -> Response {
        var query = NearbyProducts.Query()
        // A range, category or cursor that names nothing is a stale or typed link: my range, every
        // category, the first page.
        let range = NeighbourhoodRange(rawValue: browse.range ?? "") ?? mine.range
        query.search = browse.q?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        query.category = browse.category.flatMap(ProductCategory.init(rawValue:))
        query.giveaway = browse.giveaway == "1" || browse.giveaway == "true"
        query.cursor = browse.cursor.flatMap { (try? NearbyProducts.Cursor(text: $0)) == nil ? nil : $0 }
        query.limit = Self.pageSize
        let page = try await NearbyProducts(neighbourhoods: catalog.neighbourhoods)
            .page(around: mine.place, within: range, query, presenter: presenter, on: req.db)
        let interest = try await ProductInterest(clock: catalog.clock).counts(of: page.items.map(\.product.id), on: req.db)
        let list = NearbyViews.NearbyList(page: page, search: query.search, category: query.category, giveaway: query.giveaway,
                                          layout: browse.view == "list" ? "list" : "grid", interest: interest)
        guard browse.fragment == 1 else { return NearbyViews.list(list, context) }
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.add(name: "X-Has-Next", value: page.nextCursor == nil ? "0" : "1")
        if let next = page.nextCursor { headers.add(name: "X-Next-Fragment", value: list.link(cursor: next, fragment: true)) }
        return Response(status: .ok, headers: headers, body: .init(string: NearbyViews.cards(page.items, interest: interest, context).render()))
    }

    /// "망원제1동 · 0.6km": where the product is, and how far from my current 동; nil when its
    /// seller had no 동네.
    func placeLine(of product: Product, _ context: PageContext, _ req: Request) async throws -> String? {
        let mine = try await myNeighbourhood(context, req)?.place
        guard let seen = ProductPlaces(places: catalog.neighbourhoods.places).place(of: product, from: mine) else { return nil }
        guard let distance = seen.distance else { return seen.place.name }
        return seen.place.name + " · " + (seen.place == mine
            ? context.pick(ko: "내 동네", en: "your 동네")
            : MyNeighbourhoods.kilometres(distance) + context.pick(ko: "km", en: " km"))
    }
}
