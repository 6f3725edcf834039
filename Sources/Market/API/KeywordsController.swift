import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// Sprout's own 키워드 알림 endpoints for a signed-in account: the keywords I am told about.
struct KeywordsController: Sendable {
    let alerts: KeywordAlerts

    func register(on routes: DocumentedRoutes) {
        let responses = { (more: [Int: String]) in AccountMarketController.signedIn.merging(more) { $1 } }
        let rule = "A product listed within my range of my current 동 by someone else, whose name holds one of my keywords in any case, is told of once, in a `keyword_alert` notification; several for one keyword merge while unread."
        routes.on(Market.Routes.keywords, doc: .init("My keywords, oldest first", description: rule, responses: responses([200: "Mine"])), use: list)
        routes.on(Market.Routes.addKeyword, doc: .init(
            "Add a keyword", description: "Trimmed and lowercased; 1 to \(KeywordAlerts.maximumLength) characters. One I have already stays as it is.",
            responses: responses([200: "Mine, with it", 400: "Empty, longer than \(KeywordAlerts.maximumLength) characters, or with control characters",
                                  409: "I keep \(KeywordAlerts.maximum) already"])
        ), use: add)
        routes.on(Market.Routes.removeKeyword, doc: .init(
            "Remove a keyword", description: "The keyword is the path's last segment, percent-encoded.",
            responses: responses([200: "Mine, without it", 404: "Not one of mine"])
        ), use: remove)
    }

    func list(_ req: Request) async throws -> Market.KeywordList {
        Self.wire(try await alerts.keywords(of: try req.authenticatedAccountID, on: req.db))
    }

    func add(_ req: Request) async throws -> Market.KeywordList {
        let body = try req.decodeBody(Market.KeywordRequest.self)
        return Self.wire(try await alerts.add(body.keyword, for: try req.authenticatedAccountID, on: req.db))
    }

    func remove(_ req: Request) async throws -> Market.KeywordList {
        // The router hands the segment over percent-decoded.
        Self.wire(try await alerts.remove(Market.Routes.removeKeyword.parameters(in: req) ?? "", for: try req.authenticatedAccountID, on: req.db))
    }

    static func wire(_ keywords: [AlertKeyword]) -> Market.KeywordList {
        Market.KeywordList(keywords: keywords.map { Market.Keyword(keyword: $0.keyword, createdAt: MarketPresenter.date($0.createdAt)) },
                           limit: KeywordAlerts.maximum)
    }
}
