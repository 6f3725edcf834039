import Foundation
import Observation
import SproutAPI
import SproutKit

/// A product's detail with its like button. The like toggles at once and goes back if the server
/// refuses; a person who is not signed in is sent to log in instead.
@MainActor @Observable
public final class ProductDetailViewModel {
    public enum Route: Sendable, Equatable {
        case login
    }

    // MARK: Outputs
    public private(set) var product: Market.ProductDetail?
    public private(set) var isLiked = false
    public private(set) var isLoading = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    public var sellingPrice: String? {
        product.map { Market.PriceText.selling(price: $0.price, discount: $0.discountedPrice, currency: $0.currency) }
    }

    /// The price before the discount, shown only when there is one (and the price is not 0).
    public var originalPrice: String? {
        guard let product, product.discountedPrice > 0, product.price > 0 else { return nil }
        return Market.PriceText.format(product.price, product.currency)
    }

    public var discountRate: String? { product.flatMap { Market.PriceText.discountRate(price: $0.price, discount: $0.discountedPrice) } }
    public var stock: String? { product.map { Market.PriceText.stock($0.stock) } }

    let market: MarketClient
    let productID: Int
    private var likeRequests = 0

    public init(market: MarketClient, productID: Int) {
        self.market = market
        self.productID = productID
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        isLoading = true
        defer { isLoading = false }
        do {
            product = try await market.product(id: productID)
        } catch {
            alert = "상품을 불러올 수 없어요."
            return
        }
        isLiked = (try? await market.likeStatus(productID: productID).liked) ?? false
    }

    public func likeButtonTapped() async {
        guard await market.api.session.tokens != nil else {
            route = .login
            return
        }
        let wanted = !isLiked
        isLiked = wanted
        likeRequests += 1
        let request = likeRequests
        do {
            let status = try await market.setLike(wanted, productID: productID)
            if request == likeRequests { isLiked = status.liked }
        } catch SproutError.sessionExpired {
            if request == likeRequests { isLiked = !wanted }
            route = .login
        } catch {
            if request == likeRequests { isLiked = !wanted }
            alert = "좋아요를 바꾸지 못했어요. 다시 시도해 주세요."
        }
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }
}
