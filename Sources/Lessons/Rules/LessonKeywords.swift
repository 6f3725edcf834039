import Foundation

/// What a person typed to find lessons by their words ("piano", "첼로 입시"): up to five words of
/// up to 30 characters each, lowercased and without control characters, so a long or hostile
/// search stays a small query (and PostgreSQL never sees a NUL).
struct LessonKeywords: Sendable, Equatable {
    static let maxWords = 5
    static let maxWordLength = 30

    let words: [String]

    /// nil when nothing searchable was typed.
    init?(_ text: String) {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
        let words = printable.lowercased().split(whereSeparator: \.isWhitespace).prefix(Self.maxWords).map { String($0.prefix(Self.maxWordLength)) }
        guard !words.isEmpty else { return nil }
        self.words = words
    }

    private init(words: [String]) {
        self.words = words
    }

    /// No word: joins what a search reads (the terms and the teacher) without narrowing anything.
    static let everything = LessonKeywords(words: [])

    /// The text the words were read as, for a search box to show again.
    var text: String { words.joined(separator: " ") }

    /// A `LIKE` pattern matching `word` anywhere; its own `%`, `_` and `\\` match literally.
    static func containsPattern(_ word: String) -> String {
        var escaped = ""
        for character in word {
            if "%_\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
