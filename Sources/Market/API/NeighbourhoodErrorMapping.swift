import Foundation
import Vapor

/// 내 동네's and keyword alerts' refusals on the market API, in its `{ "error": true, "reason": … }`
/// body: 400 for what a request cannot ask, 409 for what my state does not allow yet, 404 for a
/// keyword I do not have. The rules' errors are in Rules/NeighbourhoodErrors.swift.
extension MarketErrorMiddleware {
    static func abort(_ error: NeighbourhoodError) -> Abort {
        switch error {
        case .unknownPlace: Abort(.badRequest, reason: "The place list has no 동 of that code (find one with GET /api/places?q=).")
        case let .tooMany(maximum): Abort(.badRequest, reason: "At most \(maximum) 동네.")
        case .notChosen: Abort(.badRequest, reason: "That 동 is not one of your 동네.")
        case .unknownRange: Abort(.badRequest, reason: "range must be near, farther or farthest.")
        case .invalidPosition: Abort(.badRequest, reason: "latitude must be from -90 to 90 and longitude from -180 to 180.")
        case let .tooFar(distance, limit):
            Abort(.badRequest, reason: "You are \(MyNeighbourhoods.kilometres(distance)) km from the centre of that 동; it is verified within \(MyNeighbourhoods.kilometres(limit)) km.")
        case .noNeighbourhood: Abort(.conflict, reason: "Choose your 동네 first (PUT /api/market/neighbourhoods).")
        case let .invalidQuery(name, expected): Abort(.badRequest, reason: "\(name) must be \(expected).")
        }
    }

    static func abort(_ error: KeywordError) -> Abort {
        switch error {
        case let .invalid(maximumLength): Abort(.badRequest, reason: "keyword must have 1 to \(maximumLength) characters once trimmed, none of them control characters.")
        case let .tooMany(maximum): Abort(.conflict, reason: "You keep at most \(maximum) keywords: remove one first.")
        case .notFound: Abort(.notFound, reason: "You have no such keyword.")
        }
    }
}
