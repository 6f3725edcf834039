import Foundation
import SproutAPI

/// The place list (`GET /api/places`): Korea's 읍·면·동 with their centres, the 동네 a person picks
/// in any app. Public data: no session needed.
public struct PlacesClient: Sendable {
    public let api: APIClient

    /// - Parameter baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport()) {
        api = APIClient(baseURL: baseURL, contract: .market, transport: transport)
    }

    /// The places whose name answers `query` as people type it ("망원1동", "망원동", "마포구 합정"),
    /// best first; none for an empty query. `query` has at most `Places.maxQueryLength` characters
    /// and `limit` is 1 to `Places.maxLimit` (the server's `Places.defaultLimit` when nil).
    public func search(_ query: String, limit: Int? = nil) async throws -> [Places.Place] {
        var parameters: [(name: String, value: String)] = [("q", query)]
        if let limit { parameters.append(("limit", String(limit))) }
        return try await api.send(Endpoint(Places.Routes.search, query: parameters)).places
    }
}
