import Foundation
import SproutAPI

/// A seller's controls of their listings and a person's own trade lists in Sprout's market API
/// (`/api/market`), for the account signed in through `AccountsClient`: bump a product to the top
/// (끌올, once every few days), hide it from every list and show it again, my products by tab
/// (판매중 / 예약중 / 거래완료 / 숨김) and what was sold to me (구매내역). Refusals are
/// `SproutError.http`: 403 for another seller's product, 404 for an unknown one, 409 for a
/// reserved, sold or hidden product's bump.
public struct ProductControlsClient: Sendable {
    public let api: APIClient

    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        self.init(market: MarketClient(baseURL: baseURL, transport: transport, session: session))
    }

    /// The controls on the same server and session as `market`.
    public init(market: MarketClient) {
        api = market.api
    }

    public enum BumpOutcome: Sendable, Equatable {
        /// Back at the top of the lists; `nextBumpAt` says from when the next bump is allowed.
        case bumped(Market.Bump)
        /// 409: the last bump (or the listing) was too recent; the next is allowed from
        /// `nextBumpAt` (UTC, `yyyy-MM-dd'T'HH:mm:ss'Z'`).
        case tooSoon(nextBumpAt: String)
    }

    /// Bumps my product to the top of the lists, when its last bump is old enough.
    public func bump(productID: Int) async throws -> BumpOutcome {
        let endpoint = Endpoint(Market.Routes.bump, productID)
        let response = try await exchange(endpoint)
        if response.status == 409, let refusal = try? JSONDecoder().decode(Market.BumpRefusal.self, from: response.body),
           let next = refusal.nextBumpAt {
            return .tooSoon(nextBumpAt: next)
        }
        return .bumped(try api.decode(endpoint, from: response))
    }

    /// Takes my product out of every list (browse, search, my seller page); hiding twice is once.
    public func hide(productID: Int) async throws -> Market.ListingState {
        try await api.send(Endpoint(Market.Routes.hide, productID))
    }

    public func unhide(productID: Int) async throws -> Market.ListingState {
        try await api.send(Endpoint(Market.Routes.unhide, productID))
    }

    /// My products on `tab`, newest first; every one of them when `tab` is nil.
    public func mine(tab: Market.MyProductsTab?, page: Int, itemsPerPage: Int) async throws -> Market.Page {
        var query = Self.paging(page, itemsPerPage)
        if let tab { query.append(("tab", tab.rawValue)) }
        return try await api.send(Endpoint(Market.Routes.myProducts, query: query))
    }

    /// What was sold to me, newest first.
    public func purchases(page: Int, itemsPerPage: Int) async throws -> Market.Page {
        try await api.send(Endpoint(Market.Routes.purchases, query: Self.paging(page, itemsPerPage)))
    }

    private static func paging(_ page: Int, _ itemsPerPage: Int) -> [(name: String, value: String)] {
        zip(Market.Routes.paging, [page, itemsPerPage]).map { ($0, String($1)) }
    }

    /// The signed-in call, refreshed and sent again once when the token has expired, answered
    /// whatever its status (a too-early bump's 409 carries what the caller needs).
    private func exchange<Response>(_ endpoint: Endpoint<Response>) async throws -> HTTPResponse {
        guard let token = await api.session.tokens?.accessToken else { throw SproutError.notSignedIn }
        let first = try await api.transmit(endpoint, accessToken: token)
        guard first.status == api.expiredStatus, let refresher = api.refresher else { return first }
        return try await api.transmit(endpoint, accessToken: try await api.session.credential(replacing: token, using: refresher))
    }
}
