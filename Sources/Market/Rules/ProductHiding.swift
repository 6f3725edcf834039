import Fluent

/// 숨기기: the seller takes a product out of every public list and puts it back. A hidden product
/// keeps its conversations, trade and reviews; its seller finds it under 숨김 in my products.
///
/// Where it is hidden, and why there:
/// - the web's browse, search and the seller's public page leave it out, and so does the open-market
///   contract's `GET /api/products` list (with its search): the seller hid it, and a list that
///   showed it to every Dotori client would undo that. A contract client never hides anything, so
///   the lists it sees change only when someone hides a product on the web or through Sprout's API;
/// - the contract's `GET /api/products/{id}` still answers it. It carries no credential that could
///   say who asks, and a published client that lists, edits or deletes its own product by id (the
///   vendor's `PATCH`/`DELETE` need the detail and the archived path) must keep working exactly as
///   before; a hidden product is unlisted, not gone;
/// - its web page opens for its seller and for the person it is reserved for or sold to (their
///   purchase and their review lead there), and is "not found" for everyone else.
struct ProductHiding: Sendable {
    let catalog: ProductCatalog

    func setHidden(_ hidden: Bool, _ productID: Int, by accountID: String, on db: any Database) async throws -> Product {
        let product = try await catalog.sellersProduct(productID, by: accountID, on: db)
        guard product.hidden != hidden else { return product }
        product.hidden = hidden
        try await product.save(on: db)
        return product
    }

    /// Whether the web page of `product` opens for `accountID` (nil: not signed in); one the
    /// operator removed opens for its seller alone (`ProductRemoval`).
    static func mayOpen(_ product: Product, accountID: String?) -> Bool {
        guard ProductRemoval.isShown(product, to: accountID) else { return false }
        guard product.hidden else { return true }
        guard let accountID else { return false }
        return accountID == product.vendor.$account.id || accountID == product.buyerAccountID
    }
}
