import Foundation
import Observation
import SproutAPI
import SproutKit

/// Registering and editing a product with Dotori's rules. Errors are reported per field once the
/// person first taps Done, and then follow every change; nothing is sent while any remain.
@MainActor @Observable
public final class ProductFormViewModel {
    public enum Mode: Sendable, Equatable {
        case register
        case edit(productID: Int)
    }

    public enum Route: Sendable, Equatable {
        case registered(productID: Int)
        case updated(productID: Int)
    }

    // MARK: Outputs
    public private(set) var draft: Market.ProductDraft
    public private(set) var images: [ImageUpload] = []
    public private(set) var fieldErrors: [Market.Field: Market.Violation] = [:]
    public private(set) var isSubmitting = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    let market: MarketClient
    let identifier: String
    let mode: Mode
    let rules = Market.ProductRules.dotori
    private var showsErrors = false

    /// - Parameter identifier: the vendor's `identifier` (Dotori kept it in a plist; the SDK gets
    ///   it from `MarketClient.vendor()`).
    public init(market: MarketClient, identifier: String, editing product: Market.ProductDetail? = nil) {
        self.market = market
        self.identifier = identifier
        if let product {
            mode = .edit(productID: product.id)
            draft = Market.ProductDraft(editing: product)
        } else {
            mode = .register
            draft = Market.ProductDraft()
        }
    }

    // MARK: Inputs

    public func nameChanged(_ text: String) { update { $0.name = text } }
    public func descriptionChanged(_ text: String) { update { $0.description = text } }
    public func priceChanged(_ text: String) { update { $0.price = text } }
    public func currencyChanged(_ currency: Market.Currency) { update { $0.currency = currency.rawValue } }
    public func discountedPriceChanged(_ text: String) { update { $0.discountedPrice = text } }
    public func stockChanged(_ text: String) { update { $0.stock = text } }

    /// Adds photos up to the limit; past it, says so (Dotori's picker let a sixth through).
    public func imagesPicked(_ picked: [ImageUpload]) {
        guard case .register = mode else { return }
        let room = rules.images.upperBound - images.count
        if picked.count > room { alert = "사진은 최대 \(rules.images.upperBound)장까지 첨부할 수 있어요" }
        images += picked.prefix(max(room, 0))
        update { $0.imageCount = images.count }
    }

    public func imageRemoved(at index: Int) {
        guard images.indices.contains(index) else { return }
        images.remove(at: index)
        update { $0.imageCount = images.count }
    }

    /// Done, after the person typed the vendor secret into the prompt.
    public func submitTapped(secret: String) async {
        showsErrors = true
        fieldErrors = currentErrors
        guard fieldErrors.isEmpty, !isSubmitting else { return }
        isSubmitting = true
        defer { isSubmitting = false }
        let key = VendorKey(identifier: identifier, secret: secret)
        do {
            switch mode {
            case .register:
                let product = try await market.register(params, images: images, as: key)
                route = .registered(productID: product.id)
            case let .edit(productID):
                _ = try await market.update(id: productID, params, as: key)
                route = .updated(productID: productID)
            }
        } catch {
            alert = mode == .register ? "등록에 실패했어요. 다시 시도해 주세요." : "수정에 실패했어요. 다시 시도해 주세요."
        }
    }

    public func alertDismissed() { alert = nil }

    // MARK: Helpers

    private var currentErrors: [Market.Field: Market.Violation] {
        rules.violations(of: draft, checkImages: mode == .register)
    }

    private func update(_ change: (inout Market.ProductDraft) -> Void) {
        change(&draft)
        if showsErrors { fieldErrors = currentErrors }
    }

    private var params: Market.ProductParams { Market.ProductParams(draft: draft) }
}
