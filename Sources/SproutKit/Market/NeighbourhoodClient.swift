import Foundation
import SproutAPI

/// Sprout's own 내 동네 endpoints of the market (`/api/market/neighbourhoods`, `/nearby`,
/// `/keywords`), for the account signed in through `AccountsClient`: my 동 (up to two, one
/// current, each verifiable where the device is), the products listed within my range of it,
/// and the keywords I hear about. The place list to pick a 동 from is `PlacesClient`'s. A
/// refusal is a `SproutError.http` whose message is the server's reason: 400 for a value the
/// rules refuse (a third 동, a position farther than 5 km, a bad cursor), 409 for nearby before
/// choosing a 동 and for a 31st keyword.
public struct NeighbourhoodClient: Sendable {
    /// The API client every call goes through (its session is the signed-in account's).
    public let api: APIClient

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    ///   - session: the signed-in account's, shared with `AccountsClient` and the others.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .market, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    /// The signed-in account's session.
    public var session: AuthSession { api.session }

    // MARK: 내 동네

    /// Mine, in the order chosen, and my range.
    public func neighbourhoods() async throws -> Market.NeighbourhoodList {
        try await api.send(Endpoint(Market.Routes.neighbourhoods))
    }

    /// Sets all of mine at once (at most two place codes; none clears them). `current` is one of
    /// `codes` (by default the current one if kept, else the first); `range` is kept when nil. A
    /// 동 kept keeps its verification.
    public func setNeighbourhoods(codes: [String], current: String? = nil, range: Market.NeighbourhoodRange? = nil) async throws -> Market.NeighbourhoodList {
        let request = Market.NeighbourhoodsRequest(codes: codes, current: current, range: range)
        return try await api.send(Endpoint(Market.Routes.setNeighbourhoods, body: request))
    }

    /// Verifies one of mine by where the device is: within 5 km of the 동's centre.
    public func verify(code: String, latitude: Double, longitude: Double) async throws -> Market.NeighbourhoodList {
        let request = Market.VerificationRequest(code: code, latitude: latitude, longitude: longitude)
        return try await api.send(Endpoint(Market.Routes.verifyNeighbourhood, body: request))
    }

    // MARK: Nearby

    /// A page of the products listed within `range` (mine when nil) of my current 동, newest bump
    /// first: with `search` in a name or description, in `category`, only giveaways. Pass the
    /// answer's `nextCursor` as `cursor` for the next page; `limit` is 1 to 50 (20 when nil).
    public func nearby(range: Market.NeighbourhoodRange? = nil, search: String = "", category: String? = nil, giveaway: Bool = false,
                       cursor: String? = nil, limit: Int? = nil) async throws -> Market.NearbyPage {
        let values: [String?] = [range?.rawValue, search.isEmpty ? nil : search, category, giveaway ? "true" : nil, cursor, limit.map(String.init)]
        let query = zip(Market.Routes.nearby.query, values).compactMap { name, value in value.map { (name: name, value: $0) } }
        return try await api.send(Endpoint(Market.Routes.nearby, query: query))
    }

    // MARK: Keyword alerts

    /// Mine, oldest first, and how many I may keep.
    public func keywords() async throws -> Market.KeywordList {
        try await api.send(Endpoint(Market.Routes.keywords))
    }

    /// Adds a keyword (trimmed and lowercased, 1 to 20 characters); one I have stays as it is.
    public func addKeyword(_ keyword: String) async throws -> Market.KeywordList {
        try await api.send(Endpoint(Market.Routes.addKeyword, body: Market.KeywordRequest(keyword: keyword)))
    }

    /// Removes a keyword of mine, as the list wrote it; 404 when it is not one.
    public func removeKeyword(_ keyword: String) async throws -> Market.KeywordList {
        try await api.send(Endpoint(Market.Routes.removeKeyword, keyword))
    }
}
