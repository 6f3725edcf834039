import Fluent
import Foundation
import Platform
import SproutAPI

/// A reported product as the operator console shows it, and the console's hide of it
/// (`ProductRemoval`). Reports name a product by its number (`BrowsePages`' report form).
struct MarketModeration: ModeratedContent {
    static let productKind = "product"

    let removal: ProductRemoval
    let app = TradeDesk.app

    /// The product as it is now: an edit since `reportedAt` is not kept apart, and a product
    /// deleted since is gone.
    func reported(_ subject: String, reportedAt: Date, on db: any Database) async throws -> ReportedThing? {
        guard let id = ProductCatalog.productID(subject) else { return nil }
        let product: Product
        do {
            product = try await removal.catalog.find(id, on: db)
        } catch ProductError.notFound {
            return nil
        }
        let page = MarketPresenter(baseURL: "")
        return ReportedThing(
            item: ModeratedItem(kind: Self.productKind, id: String(id)), kindName: .init(ko: "상품", en: "Product"),
            title: product.name, body: Self.body(of: product),
            photos: ProductCatalog.orderedImages(of: product).map { page.url($0.originalPath) },
            ownerID: product.vendor.$account.id, link: MarketPaths.product.link(id), hidden: product.removedAt != nil
        )
    }

    /// Hides or restores a product; nothing else of the market is hidden from here.
    func setHidden(_ hidden: Bool, _ item: ModeratedItem, on db: any Database) async throws -> String? {
        guard item.kind == Self.productKind, let id = ProductCatalog.productID(item.id) else { return nil }
        return try await removal.setRemoved(hidden, id, on: db)
    }

    /// Its description, then the price a buyer pays, as the product's page gives it.
    static func body(of product: Product) -> String {
        let price = Market.PriceText.selling(price: product.price, discount: product.discountedPrice,
                                             currency: Market.Currency(rawValue: product.currency) ?? .krw)
        return product.description.isEmpty ? price : product.description + "\n\n" + price
    }
}
