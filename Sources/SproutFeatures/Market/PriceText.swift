import Foundation
import SproutAPI

/// Dotori's price texts: KRW as `1,000원`, USD as `$1,000`, the discount as a whole percent.
public enum PriceText {
    public static func format(_ amount: Double, _ currency: Market.Currency) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = currency == .usd ? 2 : 0
        let number = formatter.string(from: NSNumber(value: amount)) ?? String(amount)
        return currency == .krw ? "\(number)원" : "$\(number)"
    }

    /// What the buyer pays: `price` without a discount, `bargain_price` with one.
    public static func selling(price: Double, discount: Double, currency: Market.Currency) -> String {
        format(discount == 0 ? price : price - discount, currency)
    }

    /// `"10%"`, or nil when there is no discount.
    public static func discountRate(price: Double, discount: Double) -> String? {
        guard discount > 0, price > 0 else { return nil }
        return "\(Int((discount / price * 100).rounded()))%"
    }

    /// `"SOLD OUT"` at zero, `"재고 N"` otherwise.
    public static func stock(_ stock: Int) -> String {
        guard stock > 0 else { return "SOLD OUT" }
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return "재고 \(formatter.string(from: NSNumber(value: stock)) ?? String(stock))"
    }
}
