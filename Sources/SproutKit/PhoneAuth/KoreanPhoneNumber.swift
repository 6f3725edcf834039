import Foundation

/// Korean mobile numbers as the SeSAC Study apps take them (spec §6): typed as `010…`, shown
/// auto-hyphenated as `XXX-XXXX-XXXX`, checked against `^01[016789]-?\d{3,4}-?\d{4}$`, and sent
/// in E.164 without the leading 0 (`+821012345678`).
public enum KoreanPhoneNumber {
    /// Whether `text` (with or without hyphens) is a Korean mobile number.
    public static func isValid(_ text: String) -> Bool {
        text.wholeMatch(of: /01[016789]-?\d{3,4}-?\d{4}/) != nil
    }

    /// `010-1234-5678` → `+821012345678`; nil when `text` is not a Korean mobile number.
    public static func e164(_ text: String) -> String? {
        guard isValid(text) else { return nil }
        return "+82" + digits(in: text).dropFirst()
    }

    /// The digits typed so far, at most 11, hyphenated as they grow: `010`, `010-1`, `010-1234-5`,
    /// `011-123-4567` (ten digits), `010-1234-5678` (eleven).
    public static func formatted(_ text: String) -> String {
        let digits = Array(digits(in: text).prefix(11))
        func part(_ range: Range<Int>) -> String { String(digits[range.clamped(to: 0..<digits.count)]) }
        switch digits.count {
        case 0...3: return part(0..<3)
        case 4...7: return part(0..<3) + "-" + part(3..<7)
        case 10: return part(0..<3) + "-" + part(3..<6) + "-" + part(6..<10)
        default: return part(0..<3) + "-" + part(3..<7) + "-" + part(7..<11)
        }
    }

    private static func digits(in text: String) -> String {
        String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }
}
