import Platform
import PlatformCore

/// The contract's reads whose answers are kept in the market's `AnswerCache`, with everything an
/// answer depends on besides the tables (image URLs start with the public base URL).
enum MarketRead: Hashable, Sendable {
    case page(baseURL: String, number: Int, size: Int, search: String?)
    case detail(baseURL: String, id: Int)

    /// Everything a page or a product reads; a conversation's product too (`ProductConversations`).
    static let group = ReadGroup("market", tables: ["market_products", "market_product_images", "market_vendors"])
}
