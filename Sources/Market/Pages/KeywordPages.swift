import Foundation
import Platform
import SproutAPI
import Vapor

/// `/market/keywords`: my keywords, adding and removing them, by the same rules as
/// `/api/market/keywords`; with `?keyword=` (where an alert leads), what is listed within my
/// range for it, and its alerts marked read.
struct KeywordPages: Sendable {
    let alerts: KeywordAlerts
    let nearby: NearbyProducts

    func register(on pages: any RoutesBuilder) {
        pages.get(MarketPaths.keywordAlerts, use: show)
        pages.post(MarketPaths.keywordAlerts, use: add)
        pages.post(MarketPaths.removeKeyword, use: remove)
    }

    func show(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        return try await render(req, context, accountID: try account.requireID(), chosen: try req.queryFields(ChosenKeyword.self).keyword.flatMap(KeywordAlerts.normalised))
    }

    func add(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req, next: MarketPaths.keywordAlerts.link)
        let accountID = try account.requireID()
        let keyword = Self.field("keyword", req)
        do {
            _ = try await alerts.add(keyword, for: accountID, on: req.db)
        } catch let error as KeywordError {
            return try await render(req, context, accountID: accountID, draft: keyword, error: KeywordViews.message(error, context),
                                    status: error == .tooMany(maximum: KeywordAlerts.maximum) ? .conflict : .badRequest)
        }
        return req.redirect(to: MarketPaths.keywordAlerts.link, redirectType: .normal)
    }

    /// A keyword already gone (removed in another tab) is as good as removed.
    func remove(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req, next: MarketPaths.keywordAlerts.link)
        do {
            _ = try await alerts.remove(Self.field("keyword", req), for: try account.requireID(), on: req.db)
        } catch KeywordError.notFound {}
        return req.redirect(to: MarketPaths.keywordAlerts.link, redirectType: .normal)
    }

    private func render(_ req: Request, _ context: PageContext, accountID: String, chosen: String? = nil, draft: String = "", error: String? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        var found: NearbyProducts.Page?
        if let chosen {
            try await alerts.seen(chosen, by: accountID, on: req.db)
            do {
                found = try await nearby.page(for: accountID, NearbyProducts.Query(search: chosen), presenter: MarketPresenter(baseURL: ""), on: req.db)
            } catch NeighbourhoodError.noNeighbourhood {}
        }
        let model = KeywordViews.Model(
            keywords: try await alerts.keywords(of: accountID, on: req.db).map(\.keyword), chosen: chosen, found: found,
            hasNeighbourhood: try await nearby.neighbourhoods.current(of: accountID, on: req.db) != nil, draft: draft, error: error
        )
        return KeywordViews.page(model, context, status: status)
    }

    private static func field(_ name: String, _ req: Request) -> String {
        (try? req.content.get(String.self, at: name)) ?? ""
    }
}

/// The keyword a link to the alerts page comes to add (`?keyword=의자`).
struct ChosenKeyword: Codable {
    var keyword: String?
}
