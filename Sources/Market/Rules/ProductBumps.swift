import Fluent
import FluentSQL
import Foundation
import Platform
import PlatformCore

/// 끌올: the seller brings a product still for sale back to the top of the lists, which order by
/// `bumped_at` (listing sets it), as if it were just listed. Once every `intervalDays`, so that
/// lists are not a contest of who bumps most; the button states the rule.
struct ProductBumps: Sendable {
    static let intervalDays = 3
    static let interval = TimeInterval(intervalDays * 86_400)

    let catalog: ProductCatalog
    let clock: WallClock

    struct Bumped: Equatable, Sendable {
        let productID: Int
        let bumpedAt: Date
        let nextBumpAt: Date
    }

    /// From when a product bumped (or listed) at `bumpedAt` may be bumped again: rounded up to a
    /// whole second, as the API writes it, so that a bump at the moment it names is never refused.
    static func nextBump(after bumpedAt: Date) -> Date {
        Date(timeIntervalSince1970: (bumpedAt.timeIntervalSince1970 + interval).rounded(.up))
    }

    /// Why `product` cannot be bumped now, if it cannot.
    static func refusal(of product: Product, at now: Date) -> ListingControlError? {
        if product.hidden { return .hidden }
        let state = SaleState(rawValue: product.saleState) ?? .selling
        guard state == .selling else { return .notForSale(state) }
        let next = nextBump(after: product.bumpedAt)
        return now < next ? .bumpTooSoon(nextBumpAt: next) : nil
    }

    func bump(_ productID: Int, by accountID: String, on db: any Database) async throws -> Bumped {
        let product = try await catalog.sellersProduct(productID, by: accountID, on: db)
        let now = clock.now()
        if let refusal = Self.refusal(of: product, at: now) { throw refusal }
        // One conditional UPDATE: of two bumps at once, or a bump racing a reservation or a hide,
        // the row changes once and only while the rule still holds.
        let claimed = try await db.sql().update(Product.schema)
            .set("bumped_at", to: now)
            .where("id", .equal, productID)
            .where("bumped_at", .lessThanOrEqual, now.addingTimeInterval(-Self.interval))
            .where("sale_state", .equal, SaleState.selling.rawValue)
            .where("hidden", .equal, false)
            .returning("id").all()
        guard claimed.isEmpty else { return Bumped(productID: productID, bumpedAt: now, nextBumpAt: Self.nextBump(after: now)) }
        // Another request changed the product first: say what stands in the way now.
        let current = try await catalog.find(productID, on: db)
        throw Self.refusal(of: current, at: now) ?? .bumpTooSoon(nextBumpAt: Self.nextBump(after: current.bumpedAt))
    }
}

extension ProductCatalog {
    /// The product when `accountID` sells it: `ProductError.notFound` when there is no such
    /// product, `ListingControlError.notSeller` when another seller's.
    func sellersProduct(_ productID: Int, by accountID: String, on db: any Database) async throws -> Product {
        let product = try await find(productID, on: db)
        guard product.vendor.$account.id == accountID else { throw ListingControlError.notSeller }
        return product
    }
}
