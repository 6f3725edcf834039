import Fluent
import Platform

/// A product as the messenger shows it: a buyer talks to its seller about it.
struct ProductConversations: ConversationSubjects {
    let catalog: ProductCatalog
    let app = "market"
    let readGroup = MarketModule.readGroup

    func subject(_ id: String, on db: any Database) async throws -> ConversationSubject? {
        guard let productID = Self.productID(id) else { return nil }
        do {
            return Self.subject(try await catalog.find(productID, on: db))
        } catch ProductError.notFound {
            return nil
        }
    }

    func subjects(_ ids: [String], on db: any Database) async throws -> [String: ConversationSubject] {
        let products = Dictionary(try await catalog.find(ids.compactMap(Self.productID), on: db).compactMap { product in
            product.id.map { ($0, product) }
        }) { first, _ in first }
        return Dictionary(ids.compactMap { id in Self.productID(id).flatMap { products[$0] }.map { (id, Self.subject($0)) } }) { first, _ in first }
    }

    private static func productID(_ id: String) -> Int? {
        guard id.utf8.count <= 18, let productID = Int(id), productID > 0 else { return nil }
        return productID
    }

    private static func subject(_ product: Product) -> ConversationSubject {
        let productID = product.id ?? 0
        let state = SaleState(rawValue: product.saleState) ?? .selling
        return ConversationSubject(
            id: String(productID), ownerID: product.vendor.$account.id, title: product.name,
            photo: ProductCatalog.orderedImages(of: product).first?.thumbnailPath,
            // Prices are stored as Double (the contract's number); one beyond Int's range has no whole-won price to show.
            price: product.price.isFinite && abs(product.price) < 1e15 ? Int(product.price.rounded()) : nil,
            state: state == .selling ? nil : state.rawValue,
            path: MarketPaths.product.link(productID)
        )
    }
}
