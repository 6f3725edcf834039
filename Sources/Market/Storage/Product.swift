import Fluent
import Foundation

/// A product on the market. Prices are stored as the contract sends them (Double); the discount
/// is an amount, not a final price.
final class Product: Model, @unchecked Sendable {
    static let schema = "market_products"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Parent(key: "vendor_id") var vendor: Vendor
    @Field(key: "name") var name: String
    @Field(key: "description") var description: String
    /// Lowercased name and description, what `search_value` matches against.
    @Field(key: "search_text") var searchText: String
    @Field(key: "currency") var currency: String
    @Field(key: "price") var price: Double
    @Field(key: "discounted_price") var discountedPrice: Double
    @Field(key: "stock") var stock: Int
    /// Per-product secret of the 2022a delete flow, and the last segment of the 2022b
    /// `archived` path; unique, so a bare segment also finds its product.
    @Field(key: "delete_token") var deleteToken: String
    @OptionalField(key: "thumbnail_image_id") var thumbnailImageID: Int?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "issued_at") var issuedAt: Date
    /// A `SaleState`, set by the seller on the web.
    @Field(key: "sale_state") var saleState: String
    /// A `ProductCategory`, set by the seller on the web.
    @Field(key: "category") var category: String
    /// The account the product is reserved for or was sold to (`TradeDesk`); nil when sold elsewhere.
    @OptionalField(key: "buyer_account_id") var buyerAccountID: String?
    /// The 동 (its place-list code) of its seller's current 동네 when it was listed; nil when the
    /// seller had none. Editing does not move it.
    @OptionalField(key: "dong_code") var dongCode: String?
    /// That 동's centre, what the spatial index finds the product by (`AddNeighbourhoods`).
    @OptionalField(key: "lat") var lat: Double?
    @OptionalField(key: "long") var long: Double?
    /// When it went to the top of the lists: listed, or bumped since.
    @Field(key: "bumped_at") var bumpedAt: Date
    /// Left out of the public lists by its seller.
    @Field(key: "hidden") var hidden: Bool
    /// Whether buyers may offer a price (가격 제안, `PriceOffers`); the seller chooses on the web.
    @Field(key: "allows_offers") var allowsOffers: Bool
    /// When the operator hid it (`ProductRemoval`); apart from `hidden`, which is its seller's.
    @OptionalField(key: "removed_at") var removedAt: Date?
    @Children(for: \.$product) var images: [ProductImage]

    init() {}

    init(vendorID: Int, name: String, description: String, currency: String, price: Double, discountedPrice: Double, stock: Int, deleteToken: String, category: ProductCategory, now: Date) {
        $vendor.id = vendorID
        self.name = name
        self.description = description
        self.searchText = Product.searchText(name: name, description: description)
        self.currency = currency
        self.price = price
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.deleteToken = deleteToken
        self.createdAt = now
        self.issuedAt = now
        self.saleState = SaleState.selling.rawValue
        self.category = category.rawValue
        self.bumpedAt = now
        self.hidden = false
        allowsOffers = false
    }

    static func searchText(name: String, description: String) -> String {
        (name + "\n" + description).lowercased()
    }

    var bargainPrice: Double { price - discountedPrice }
}
