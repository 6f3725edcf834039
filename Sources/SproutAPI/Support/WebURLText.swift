import Foundation

/// A URL someone typed or a client sent, as Sprout accepts it: a scheme it allows, a host, and no
/// control character anywhere, neither raw nor percent-encoded (`%0a`): a URL is stored, shown
/// and logged as one line, and its decoded host must not be able to start another.
public enum WebURLText {
    public static func isAcceptable(_ text: String, schemes: Set<String> = ["http", "https"]) -> Bool {
        guard !hasControlCharacters(text), let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else {
            return false
        }
        return schemes.contains(scheme)
    }

    /// Whether `text`, or `text` with its percent-escapes decoded, holds a control character
    /// (C0, DEL, C1, or a Unicode line or paragraph separator).
    public static func hasControlCharacters(_ text: String) -> Bool {
        isControlled(text) || text.removingPercentEncoding.map(isControlled) ?? false
    }

    private static func isControlled(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
    }
}
