import Foundation
import SproutAPI
import SproutKit

/// What the 내 동네 screens ask of Sprout's market API: my 동 and range, verifying one, and the
/// products near me. `NeighbourhoodClient` is the real one; tests hand the view models a stand-in.
public protocol NeighbourhoodService: Sendable {
    func neighbourhoods() async throws -> Market.NeighbourhoodList
    func setNeighbourhoods(codes: [String], current: String?, range: Market.NeighbourhoodRange?) async throws -> Market.NeighbourhoodList
    func verify(code: String, latitude: Double, longitude: Double) async throws -> Market.NeighbourhoodList
    func nearby(range: Market.NeighbourhoodRange?, search: String, category: String?, giveaway: Bool, cursor: String?,
                limit: Int?) async throws -> Market.NearbyPage
}

extension NeighbourhoodClient: NeighbourhoodService {}

/// The place list a 동 is picked from. `PlacesClient` is the real one.
public protocol PlaceSearching: Sendable {
    func search(_ query: String, limit: Int?) async throws -> [Places.Place]
}

extension PlacesClient: PlaceSearching {}

/// The text a market screen shows for a failed call: the server's reason when it gave one (it
/// says how far a verification was, what a range must be), else the screen's fallback.
enum MarketAlert {
    static let network = "통신 오류가 발생했어요. 다시 시도해 주세요."
    static let signInAgain = "로그인이 만료되었어요. 다시 로그인해 주세요."

    static func message(for error: any Error, fallback: String) -> String {
        switch error as? SproutError {
        case .sessionExpired, .notSignedIn: signInAgain
        case .transport: network
        case let .http(_, _, message?) where !message.isEmpty: message
        default: fallback
        }
    }
}
