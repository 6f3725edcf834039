import Foundation

/// A form-urlencoded body as the SeSAC Study clients send it (Alamofire's `URLEncoding` with
/// `.noBrackets`): repeated keys for arrays, numbers as decimal strings, spaces as `+` or `%20`.
/// The server parses with it and SproutKit encodes with it, so the two read the same bytes.
public struct StudyForm: Sendable, Equatable {
    public private(set) var pairs: [(String, String)]

    public init(_ pairs: [(String, String)]) { self.pairs = pairs }

    public static func == (lhs: StudyForm, rhs: StudyForm) -> Bool {
        lhs.pairs.map(\.0) == rhs.pairs.map(\.0) && lhs.pairs.map(\.1) == rhs.pairs.map(\.1)
    }

    /// Parses `a=1&b=x+y&a=2`; a key without `=` has an empty value, and bytes that do not
    /// percent-decode are kept as written rather than refused.
    public init(parsing body: String) {
        pairs = body.split(separator: "&", omittingEmptySubsequences: true).map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            return (Self.decode(parts[0]), value)
        }
    }

    /// The first value of `key`; an `a[]` key counts as `a`, as some encoders write arrays.
    public func value(_ key: String) -> String? {
        pairs.first { Self.bare($0.0) == key }?.1
    }

    /// Every value of a repeated key, in order.
    public func values(_ key: String) -> [String] {
        pairs.filter { Self.bare($0.0) == key }.map(\.1)
    }

    /// The form with every value of `key` passed through `transform`.
    public func mapping(_ key: String, _ transform: (String) -> String) -> StudyForm {
        StudyForm(pairs.map { Self.bare($0.0) == key ? ($0.0, transform($0.1)) : $0 })
    }

    public var encoded: String {
        pairs.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
    }

    private static func bare(_ key: String) -> String {
        key.hasSuffix("[]") ? String(key.dropLast(2)) : key
    }

    private static func decode(_ text: Substring) -> String {
        // Foundation's replacing and decoding bridge through NSString on Linux; most fields have
        // nothing to decode.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(text) }
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    private static let unreserved = CharacterSet.alphanumerics.intersection(.init(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        .union(.init(charactersIn: "-._~"))

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
