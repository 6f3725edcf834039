import Fluent
import Platform

/// A product as the messenger shows it: a buyer talks to its seller about it.
struct ProductConversations: ConversationSubjects {
    let catalog: ProductCatalog
    let app = "market"

    func subject(_ id: String, on db: any Database) async throws -> ConversationSubject? {
        guard id.utf8.count <= 18, let productID = Int(id), productID > 0 else { return nil }
        let product: Product
        do {
            product = try await catalog.find(productID, on: db)
        } catch ProductError.notFound {
            return nil
        }
        let state = SaleState(rawValue: product.saleState) ?? .selling
        return ConversationSubject(
            ownerID: product.vendor.$account.id, title: product.name,
            photo: ProductCatalog.orderedImages(of: product).first?.thumbnailPath,
            // Prices are stored as Double (the contract's number); one beyond Int's range has no whole-won price to show.
            price: product.price.isFinite && abs(product.price) < 1e15 ? Int(product.price.rounded()) : nil,
            state: state == .selling ? nil : state.rawValue,
            path: "/market/products/\(productID)"
        )
    }
}
