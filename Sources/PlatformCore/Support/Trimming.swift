extension StringProtocol {
    /// The text without leading and trailing white space, by the standard library's reading of it
    /// (Unicode's `White_Space`, newlines included). Foundation's `trimmingCharacters(in:)` bridges
    /// through `NSString` on Linux, which hot paths noticed in the profiles; and text with nothing
    /// to trim (a header's token, every request) is not copied.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex, let whole = self as? String { return whole }
        return String(Substring(self).unicodeScalars[first...last])
    }
}
