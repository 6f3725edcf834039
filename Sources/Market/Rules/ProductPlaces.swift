import Fluent
import FluentSQL
import Foundation
import Platform
import SQLKit

/// Where listed products are, as any list or page shows them: each one's 동 (none when its
/// seller had no 동네 when listing it), when it last went to the top, and how far it is from mine.
struct ProductPlaces: Sendable {
    let places: Neighbourhoods

    struct Whereabouts: Sendable {
        let place: Neighbourhoods.Place?
        let bumpedAt: Date
    }

    /// The whereabouts of the products of `ids` that exist, in one query.
    func whereabouts(of ids: [Int], on db: any Database) async throws -> [Int: Whereabouts] {
        guard !ids.isEmpty else { return [:] }
        struct Row: Decodable {
            let id: Int
            let dong_code: String?
            let bumped_at: Date
        }
        let rows = try await db.sql().select().columns("id", "dong_code", "bumped_at").from(Product.schema)
            .where("id", .in, ids).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.id, Whereabouts(place: places.place($0.dong_code), bumpedAt: $0.bumped_at)) }) { first, _ in first }
    }

    /// The product's 동, and how far its centre is from the centre of `mine` (nil when I have none).
    func place(of product: Product, from mine: Neighbourhoods.Place?) -> (place: Neighbourhoods.Place, distance: Double?)? {
        places.place(product.dongCode).map { place in (place: place, distance: mine.map { Neighbourhoods.distance($0, place) }) }
    }
}
