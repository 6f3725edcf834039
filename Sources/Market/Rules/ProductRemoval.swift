import Fluent
import Foundation
import Platform
import PlatformCore

/// 운영자 숨김: the operator console hides a reported product (`MarketModeration`) and restores it.
/// It is apart from the seller's own 숨기기 (`ProductHiding`): the seller does not find it under
/// their 숨김 and cannot show it again, and editing it keeps it hidden.
///
/// A removed product is gone for everyone but its seller, as if it were deleted:
/// - every list leaves it out: the web's browse and search, 동네 lists, a seller's page, likes,
///   purchases, and the open-market contract's list and search;
/// - its page is "not found" to anyone else, and so is the contract's `GET /api/products/{id}`,
///   which carries no credential to tell its seller apart; the contract's vendor calls on it
///   answer "no such product" to anyone without its vendor's credentials;
/// - liking it, offering a price for it and opening a conversation about it are refused as for a
///   missing product, and conversations about it show it no more;
/// - its seller still opens its page, told that the operator hid it, and finds it in their own
///   products, marked so.
struct ProductRemoval: Sendable {
    let catalog: ProductCatalog
    let clock: WallClock

    /// Hides (`true`) or restores the product; answers its seller's account, nil when there is
    /// no such product. Hiding twice keeps the first time.
    func setRemoved(_ removed: Bool, _ productID: Int, on db: any Database) async throws -> String? {
        let product: Product
        do {
            product = try await catalog.find(productID, on: db)
        } catch ProductError.notFound {
            return nil
        }
        if removed != (product.removedAt != nil) {
            product.removedAt = removed ? clock.now() : nil
            try await product.save(on: db)
        }
        return product.vendor.$account.id
    }

    /// Whether `accountID` (nil: nobody signed in) may see `product`: anyone, until the operator
    /// removes it; then its seller alone.
    static func isShown(_ product: Product, to accountID: String?) -> Bool {
        guard product.removedAt != nil else { return true }
        return accountID != nil && accountID == product.vendor.$account.id
    }
}

extension ProductCatalog {
    /// The product as `accountID` (nil: nobody signed in) may see it: one the operator removed
    /// is `ProductError.notFound` to everyone but its seller.
    func find(_ id: Int, shownTo accountID: String?, on db: any Database) async throws -> Product {
        let product = try await find(id, on: db)
        guard ProductRemoval.isShown(product, to: accountID) else { throw ProductError.notFound }
        return product
    }
}
