import Foundation

/// Folds text for matching: composed Unicode (a Korean title typed on a Mac arrives as
/// decomposed jamo), lowercase in every script, runs of whitespace as one space, and no control
/// characters (a NUL ends a full-text query early and PostgreSQL refuses it in text). Stored beside
/// the text, so a search is one `LIKE` on both SQLite (whose `LIKE` folds ASCII only) and
/// PostgreSQL (whose `LIKE` folds nothing).
public enum SearchKey {
    public static func fold(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control || $0.properties.isWhitespace }))
            .precomposedStringWithCanonicalMapping.lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A `LIKE … ESCAPE '\'` pattern that finds `needle` anywhere, its `%` and `_` taken literally.
    public static func containsPattern(_ needle: String) -> String {
        var pattern = "%"
        for character in needle {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}
