import Foundation

/// Money as every page writes it, one way per language and currency: won as "31,000원" in
/// Korean and "₩31,000" in English, dollars as "$11" or "$11.50" in both.
public enum MoneyText {
    public enum Currency: Sendable {
        case won, dollars
    }

    public static func format(_ amount: Double, _ currency: Currency, _ context: PageContext) -> String {
        switch currency {
        case .won:
            guard let whole = Int(exactly: amount.rounded()) else { return String(amount) }
            return won(whole, context)
        case .dollars:
            return dollars(amount)
        }
    }

    public static func won(_ amount: Int, _ context: PageContext) -> String {
        context.pick(ko: grouped(amount) + "원", en: "₩" + grouped(amount))
    }

    static func dollars(_ amount: Double) -> String {
        let cents = (amount * 100).rounded()
        guard let total = Int(exactly: cents) else { return "$" + String(amount) }
        let fraction = total.magnitude % 100
        let sign = total < 0 ? "-" : ""
        let whole = grouped(Int(total.magnitude / 100))
        return sign + "$" + whole + (fraction == 0 ? "" : String(format: ".%02d", fraction))
    }

    /// 1234567 → "1,234,567".
    public static func grouped(_ amount: Int) -> String {
        let digits = String(amount.magnitude)
        var text = amount < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
