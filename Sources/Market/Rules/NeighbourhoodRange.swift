import Foundation
import SproutAPI

/// How far from my current 동 the market looks, measured between 동 centres: 가까운 동네 (`near`)
/// within 3 km, 조금 먼 동네 (`farther`) within 6 km, 먼 동네 (`farthest`) within 12 km. The API's
/// own type, so that the server, the SDK and the pages name the same three with the same radii.
typealias NeighbourhoodRange = Market.NeighbourhoodRange

extension NeighbourhoodRange {
    /// What a person starts with.
    static let standard = NeighbourhoodRange.near

    /// The largest radius: how far around a new listing keyword alerts look for people.
    static let widest = NeighbourhoodRange.allCases.map(\.radius).max() ?? NeighbourhoodRange.farthest.radius

    /// A range as a request or a form names it, in any case; nil when none is named.
    static func parse(_ text: String?) throws -> NeighbourhoodRange? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        guard let range = NeighbourhoodRange(rawValue: text.lowercased()) else { throw NeighbourhoodError.unknownRange }
        return range
    }
}
