/// Phone numbers in E.164 (`+821012345678`), the one form Sprout stores, compares and signs.
///
/// Firebase's SDKs send what the person typed after a country prefix (`+82 10-1234-5678`), so
/// spaces, hyphens, dots and brackets are dropped. Sprout's people are Korean first: a Korean
/// mobile number typed nationally (`010-1234-5678`) or with its trunk zero kept after the country
/// code (`+82 010…`) means the same line. Anything else must already be `+` and 8–15 digits.
public enum PhoneNumber {
    /// The E.164 form of `text`, or nil when it is not a phone number.
    public static func e164(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
        var digits = ""
        for (offset, character) in trimmed.enumerated() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if character == "+", offset == 0 {
                continue
            } else if !" -.()\u{00A0}".contains(character) {
                return nil
            }
        }
        var international: String
        if trimmed.hasPrefix("+") {
            international = digits
            // `+82 010…`: the trunk zero belongs to national dialling only.
            if international.hasPrefix("820") { international = "82" + international.dropFirst(3) }
        } else if digits.hasPrefix("01"), (10...11).contains(digits.count) {
            international = "82" + digits.dropFirst()
        } else {
            return nil
        }
        guard (8...15).contains(international.count), international.first != "0" else { return nil }
        return "+" + international
    }

    /// `+821012345678` → `010-****-5678`; other countries keep only their last four digits. Used as
    /// the display name of an account made by phone sign-in, which has nothing else to show.
    public static func masked(_ e164: String) -> String {
        let lastFour = String(e164.suffix(4))
        if e164.hasPrefix("+82"), e164.count >= 12 {
            return "0" + e164.dropFirst(3).prefix(2) + "-****-" + lastFour
        }
        return "••••" + lastFour
    }
}
