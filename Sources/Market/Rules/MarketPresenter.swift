import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Turns stored products into the contract's shapes, which the API answers (with absolute image
/// URLs) and the pages show (with site-relative ones).
struct MarketPresenter: Sendable {
    let baseURL: String

    /// 2022b dates: `yyyy-MM-dd'T'HH:mm:ss`, UTC, no fraction and no zone.
    static func date(_ date: Date) -> String { UTCTimestamp.format(date) }

    /// The registration answer keeps 2022a's fractional form (`….SS`), which Dotori decodes it with.
    static func registrationDate(_ date: Date) -> String { UTCTimestamp.format(date, fractionDigits: 2) }

    func url(_ path: String) -> String { "\(baseURL)/\(path)" }

    func thumbnail(of product: Product) -> String {
        ProductCatalog.orderedImages(of: product).first.map { url($0.thumbnailPath) } ?? ""
    }

    func listed(_ product: Product) -> Market.ListedProduct {
        Market.ListedProduct(
            id: product.id ?? 0, vendorID: product.$vendor.id, vendorName: product.vendor.name,
            name: product.name, description: product.description, thumbnail: thumbnail(of: product),
            currency: Market.Currency(rawValue: product.currency) ?? .krw, price: product.price,
            bargainPrice: product.bargainPrice, discountedPrice: product.discountedPrice, stock: product.stock,
            createdAt: Self.date(product.createdAt), issuedAt: Self.date(product.issuedAt)
        )
    }

    func detail(_ product: Product, dates: (Date) -> String = MarketPresenter.date) -> Market.ProductDetail {
        Market.ProductDetail(
            id: product.id ?? 0, vendorID: product.$vendor.id, name: product.name, description: product.description,
            thumbnail: thumbnail(of: product), currency: Market.Currency(rawValue: product.currency) ?? .krw,
            price: product.price, bargainPrice: product.bargainPrice, discountedPrice: product.discountedPrice,
            stock: product.stock, createdAt: dates(product.createdAt), issuedAt: dates(product.issuedAt),
            images: ProductCatalog.orderedImages(of: product).map {
                Market.Image(id: $0.id ?? 0, url: url($0.originalPath), thumbnailURL: url($0.thumbnailPath), issuedAt: dates($0.issuedAt))
            },
            vendors: Market.Vendor(id: product.$vendor.id, name: product.vendor.name, createdAt: dates(product.vendor.createdAt), issuedAt: dates(product.vendor.createdAt))
        )
    }

    func page(_ page: ProductPage) -> Market.Page {
        Market.Page(pageNo: page.number, itemsPerPage: page.size, totalCount: page.total, pages: page.products.map(listed))
    }
}
