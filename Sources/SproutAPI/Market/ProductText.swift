import Foundation

extension Market {
    /// How Dotori shows prices and stock, for the web pages and the view models alike.
    public enum PriceText {
        /// KRW as `1,000원`, USD as `$1,000`, grouped.
        public static func format(_ amount: Double, _ currency: Currency) -> String {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = currency == .usd ? 2 : 0
            let number = formatter.string(from: NSNumber(value: amount)) ?? String(amount)
            return currency == .krw ? "\(number)원" : "$\(number)"
        }

        /// What the buyer pays: `price` without a discount, `bargain_price` with one.
        public static func selling(price: Double, discount: Double, currency: Currency) -> String {
            format(discount == 0 ? price : price - discount, currency)
        }

        /// `"10%"`, or nil when there is no discount.
        public static func discountRate(price: Double, discount: Double) -> String? {
            guard discount > 0, price > 0 else { return nil }
            guard let percent = Int(exactly: (discount / price * 100).rounded()) else { return nil }
            return "\(percent)%"
        }

        /// `"SOLD OUT"` at zero, `"재고 N"` otherwise.
        public static func stock(_ stock: Int) -> String {
            guard stock > 0 else { return "SOLD OUT" }
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            return "재고 \(formatter.string(from: NSNumber(value: stock)) ?? String(stock))"
        }

        /// A number as a form field shows it: `12000`, not `12000.0`.
        public static func plain(_ value: Double) -> String {
            value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }
}

extension Market.ProductDraft {
    /// A stored or fetched product as the edit form starts from it.
    public init(editing product: Market.ProductDetail) {
        self.init(
            name: product.name, description: product.description, price: Market.PriceText.plain(product.price),
            currency: product.currency.rawValue, discountedPrice: Market.PriceText.plain(product.discountedPrice),
            stock: String(product.stock), imageCount: product.images.count
        )
    }
}

extension Market.ProductParams {
    /// What a form sends once its draft passed the rules: numbers as typed (`MoneyInput`: grouping
    /// commas and currency signs allowed), an empty discount or stock as 0. The conversion to Int never traps: a stock the
    /// rules refuse (fractional, or beyond any Int) never gets here, and would read as 0.
    public init(draft: Market.ProductDraft) {
        func number(_ text: String) -> Double? { Double(MoneyInput.normalized(text)) }
        self.init(
            name: draft.name.trimmingCharacters(in: .whitespacesAndNewlines), description: draft.description,
            price: number(draft.price), currency: Market.Currency(rawValue: draft.currency),
            discountedPrice: number(draft.discountedPrice) ?? 0, stock: number(draft.stock).flatMap { Int(exactly: $0) } ?? 0, secret: nil
        )
    }
}
