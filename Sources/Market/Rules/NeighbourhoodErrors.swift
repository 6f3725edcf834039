import Foundation

/// What 내 동네 and the nearby list refuse, in the domain's words; the market API maps these once
/// (API/NeighbourhoodErrorMapping.swift), the pages say them in the person's language.
enum NeighbourhoodError: Error, Equatable {
    /// A code the place list does not have at 동 level.
    case unknownPlace
    case tooMany(maximum: Int)
    /// The 동 named is not one of mine (to make current, or to verify).
    case notChosen
    case unknownRange
    /// Latitude or longitude off the globe.
    case invalidPosition
    /// The browser's position is `distance` metres from the 동's centre, beyond `limit`.
    case tooFar(distance: Double, limit: Double)
    /// Nearby listing needs a current 동 first.
    case noNeighbourhood
    /// A query value that is not what `name` takes (`expected` says what is).
    case invalidQuery(name: String, expected: String)
}

/// What keyword alerts refuse.
enum KeywordError: Error, Equatable {
    /// Empty once trimmed, longer than the maximum, or with control characters.
    case invalid(maximumLength: Int)
    case tooMany(maximum: Int)
    case notFound
}
