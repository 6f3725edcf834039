import Foundation

/// What people type into a price field, as one number: "70,000", "70000원", "₩ 70,000" and
/// "$1,200.50" all read the way they are meant. Every app's forms read prices through this, so a
/// price typed one way in the market is not refused in the lessons.
public enum MoneyInput {
    /// The number's characters without separators, currency signs or spaces ("" for none typed).
    public static func normalized(_ text: String) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        for sign in ["₩", "$", "￦"] where trimmed.hasPrefix(sign) { trimmed.removeFirst(sign.count) }
        if trimmed.hasSuffix("원") { trimmed.removeLast() }
        return trimmed.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
    }

    /// A whole amount (won), or nil when what was typed is not one.
    public static func whole(_ text: String) -> Int? {
        let digits = normalized(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
