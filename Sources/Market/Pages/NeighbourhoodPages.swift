import Fluent
import Foundation
import Platform
import SproutAPI
import Vapor

/// `/market/neighbourhoods`: find a 동 by name and add it (two at most), choose the current one
/// and the range, remove one, and verify one where the browser is (market.js asks the browser
/// for its position and posts it), by the same rules as `/api/market/neighbourhoods`.
struct NeighbourhoodPages: Sendable {
    let neighbourhoods: MyNeighbourhoods

    /// How many places a search lists.
    static let searchLimit = 20

    func register(on pages: any RoutesBuilder) {
        pages.get(MarketPaths.neighbourhoods, use: show)
        pages.post(MarketPaths.addNeighbourhood, use: add)
        pages.post(MarketPaths.removeNeighbourhood, use: remove)
        pages.post(MarketPaths.currentNeighbourhood, use: choose)
        pages.post(MarketPaths.neighbourhoodRange, use: setRange)
        pages.post(MarketPaths.verifyNeighbourhood, use: verify)
    }

    func show(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let done = try req.queryFields(NeighbourhoodQuery.self).done
        return try await render(req, context, accountID: try account.requireID(), done: done)
    }

    func add(_ req: Request) async throws -> Response {
        try await change(req, done: .added) { accountID, code, db in
            let mine = try await neighbourhoods.setting(of: accountID, on: db).chosen.map(\.place.code)
            _ = try await neighbourhoods.set(accountID, codes: mine + [code], current: nil, range: nil, on: db)
        }
    }

    func remove(_ req: Request) async throws -> Response {
        try await change(req, done: .removed) { accountID, code, db in
            let mine = try await neighbourhoods.setting(of: accountID, on: db).chosen.map(\.place.code)
            _ = try await neighbourhoods.set(accountID, codes: mine.filter { $0 != code }, current: nil, range: nil, on: db)
        }
    }

    func choose(_ req: Request) async throws -> Response {
        try await change(req, done: .current) { accountID, code, db in
            _ = try await neighbourhoods.choose(accountID, current: code, on: db)
        }
    }

    func setRange(_ req: Request) async throws -> Response {
        try await change(req, done: .range) { accountID, _, db in
            guard let range = try NeighbourhoodRange.parse(Self.field("range", req)) else { throw NeighbourhoodError.unknownRange }
            _ = try await neighbourhoods.setRange(accountID, range, on: db)
        }
    }

    /// The browser's position arrives as text from the form market.js fills; none (no script, or
    /// the person refused) is a position nobody knows.
    func verify(_ req: Request) async throws -> Response {
        try await change(req, done: .verified) { accountID, code, db in
            guard let lat = Double(Self.field("latitude", req)), let long = Double(Self.field("longitude", req)) else {
                throw NeighbourhoodError.invalidPosition
            }
            _ = try await neighbourhoods.verify(accountID, code: code, lat: lat, long: long, on: db)
        }
    }

    /// One change from a form on the page: done, back to the page saying so; refused, the page
    /// again saying why.
    private func change(_ req: Request, done: NeighbourhoodViews.Done,
                        _ step: @Sendable (String, String, any Database) async throws -> Void) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req, next: MarketPaths.neighbourhoods.link)
        let accountID = try account.requireID()
        do {
            try await step(accountID, Self.field("code", req), req.db)
        } catch let error as NeighbourhoodError {
            return try await render(req, context, accountID: accountID, error: NeighbourhoodViews.message(error, context), status: .badRequest)
        }
        return req.redirect(to: MarketPaths.neighbourhoods.link(query: NeighbourhoodQuery(done: done)), redirectType: .normal)
    }

    private func render(_ req: Request, _ context: PageContext, accountID: String, done: NeighbourhoodViews.Done? = nil, error: String? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let search = String(NearbyProducts.searchText(try req.queryFields(NeighbourhoodQuery.self).q ?? "").prefix(Places.maxQueryLength))
        let model = NeighbourhoodViews.Model(
            setting: try await neighbourhoods.setting(of: accountID, on: req.db), search: search,
            found: search.isEmpty ? [] : neighbourhoods.places.search(search, limit: Self.searchLimit), done: done, error: error
        )
        return NeighbourhoodViews.page(model, context, status: status)
    }

    private static func field(_ name: String, _ req: Request) -> String {
        ((try? req.content.get(String.self, at: name)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The 동네 page's fields: what was just done, and the place name typed to find a 동.
struct NeighbourhoodQuery: Codable {
    var done: NeighbourhoodViews.Done?
    var q: String?
}
