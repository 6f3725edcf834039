import Foundation
import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// Sprout's own 내 동네 endpoints for a signed-in account: my 동 (set, verify) and the products
/// listed within my range of the current one.
struct NeighbourhoodsController: Sendable {
    let neighbourhoods: MyNeighbourhoods
    let nearby: NearbyProducts
    let publicURL: String?

    func register(on routes: DocumentedRoutes) {
        let responses = { (more: [Int: String]) in AccountMarketController.signedIn.merging(more) { $1 } }
        routes.on(Market.Routes.neighbourhoods, doc: .init(
            "My 동네: up to two 동, which one is current, and my range",
            description: "A range is measured between 동 centres: near (가까운 동네) within 3 km, farther (조금 먼 동네) within 6 km, farthest (먼 동네) within 12 km.",
            responses: responses([200: "Mine, in the order chosen (none yet: an empty list and the range near)"])
        ), use: list)
        routes.on(Market.Routes.setNeighbourhoods, doc: .init(
            "Set my 동네, all at once",
            description: "At most two codes of the place list (`GET /api/places?q=`); a code sent twice counts once and none clears them. A 동 kept keeps its verification. `current` is one of `codes` (by default the current one if kept, else the first); `range` is kept when left out. Products I list from now on carry my current 동; those listed before stay where they were.",
            responses: responses([200: "Mine as set", 400: "More than two, a code the place list lacks, a current 동 not among the codes, or an unknown range"])
        ), use: set)
        routes.on(Market.Routes.verifyNeighbourhood, doc: .init(
            "Verify one of my 동 by where the device is",
            description: "Verified when the position is within 5 km of the 동's centre; `verified_at` says when.",
            responses: responses([200: "Mine, with the 동 verified", 400: "Not one of my 동, a position off the globe, or farther than 5 km from its centre (the reason says how far)"])
        ), use: verify)
        routes.on(Market.Routes.nearby, doc: .init(
            "Products listed within my range of my current 동, newest bump first",
            description: "Each with its 동 and the distance between that 동's centre and mine. Hidden products are left out. Pass `next_cursor` back as `cursor` for the next page; it is null on the last.",
            query: [
                .init("range", .choice(NeighbourhoodRange.allCases.map(\.rawValue)), "My range when left out"),
                .init("q", "Part of a name or description, in any case"),
                .init("category", .choice(ProductCategory.allCases.map(\.rawValue)), "One category"),
                .init("giveaway", .boolean, "Only giveaways (나눔: the price less the discount is 0)"),
                .init("cursor", .string(maxLength: 64), "A `next_cursor` of this list"),
                .init("limit", .integer(1...NearbyProducts.maximumLimit), "How many, \(NearbyProducts.defaultLimit) by default"),
            ],
            responses: responses([200: "A page of products", 400: "An unknown range or category, or a bad cursor, limit or giveaway",
                                  409: "No 동네 chosen yet: set one with PUT /api/market/neighbourhoods first"])
        ), use: nearbyProducts)
    }

    func list(_ req: Request) async throws -> Market.NeighbourhoodList {
        Self.wire(try await neighbourhoods.setting(of: try req.authenticatedAccountID, on: req.db))
    }

    func set(_ req: Request) async throws -> Market.NeighbourhoodList {
        let body = try req.decodeBody(Market.NeighbourhoodsRequest.self)
        let range = try NeighbourhoodRange.parse(body.range)
        return Self.wire(try await neighbourhoods.set(try req.authenticatedAccountID, codes: body.codes, current: body.current, range: range, on: req.db))
    }

    func verify(_ req: Request) async throws -> Market.NeighbourhoodList {
        let body = try req.decodeBody(Market.VerificationRequest.self)
        return Self.wire(try await neighbourhoods.verify(try req.authenticatedAccountID, code: body.code, lat: body.latitude, long: body.longitude,
                                                         on: req.db))
    }

    func nearbyProducts(_ req: Request) async throws -> Market.NearbyPage {
        let presenter = MarketPresenter(baseURL: req.publicBaseURL(configured: publicURL))
        let page = try await nearby.page(for: try req.authenticatedAccountID, try Self.query(req), presenter: presenter, on: req.db)
        return Market.NearbyPage(products: page.items.map { Self.wire($0) }, nextCursor: page.nextCursor)
    }

    /// The list's query; an empty value (`?range=`) is the same as none.
    static func query(_ req: Request) throws -> NearbyProducts.Query {
        func value(_ name: String) -> String? {
            req.queryValue(name).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var query = NearbyProducts.Query()
        query.range = try NeighbourhoodRange.parse(value("range"))
        query.search = req.queryValue("q") ?? ""
        if let category = value("category") {
            guard let chosen = ProductCategory(rawValue: category) else {
                throw NeighbourhoodError.invalidQuery(name: "category", expected: ProductCategory.allCases.map(\.rawValue).joined(separator: ", "))
            }
            query.category = chosen
        }
        switch value("giveaway")?.lowercased() {
        case nil, "false"?, "0"?: query.giveaway = false
        case "true"?, "1"?: query.giveaway = true
        default: throw NeighbourhoodError.invalidQuery(name: "giveaway", expected: "true or false")
        }
        query.cursor = value("cursor")
        if let limit = value("limit") {
            guard let number = Int(limit) else {
                throw NeighbourhoodError.invalidQuery(name: "limit", expected: "a whole number from 1 to \(NearbyProducts.maximumLimit)")
            }
            query.limit = number
        }
        return query
    }

    static func wire(_ setting: MyNeighbourhoods.Setting) -> Market.NeighbourhoodList {
        Market.NeighbourhoodList(neighbourhoods: setting.chosen.map { chosen in
            Market.Neighbourhood(code: chosen.place.code, name: chosen.place.name, fullName: chosen.place.fullName,
                                 verifiedAt: chosen.verifiedAt.map(MarketPresenter.date), current: chosen.current)
        }, range: setting.range)
    }

    static func wire(_ item: NearbyProducts.Item) -> Market.NearbyProduct {
        Market.NearbyProduct(
            id: item.product.id, name: item.product.name, currency: item.product.currency, price: item.product.price,
            bargainPrice: item.product.bargainPrice, thumbnail: item.product.thumbnail,
            dong: Market.Dong(code: item.place.code, name: item.place.name),
            // A distance between two 동 centres in Korea: a few hundred kilometres at most.
            distanceM: Int(exactly: item.distance.rounded()) ?? 0,
            bumpedAt: MarketPresenter.date(item.bumpedAt), state: item.state.rawValue
        )
    }
}
