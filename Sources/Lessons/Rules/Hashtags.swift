import Foundation

/// Pulls `#tags` out of a post's `content`: a tag is `#` followed by letters, digits or `_` in any
/// script (`#바이올린`, `#violin_lesson`); anything else, punctuation included, ends it.
enum Hashtags {
    static let maxLength = 50

    static func extract(from content: String?) -> [String] {
        guard let content else { return [] }
        var tags: [String] = []
        var seen: Set<String> = []
        var current: String?
        func finish() {
            if let tag = current, !tag.isEmpty, tag.count <= maxLength, seen.insert(tag).inserted { tags.append(tag) }
            current = nil
        }
        for character in content {
            if character == "#" {
                finish()
                current = ""
            } else if current != nil, isTagCharacter(character) {
                current?.append(character)
            } else {
                finish()
            }
        }
        finish()
        return tags
    }

    /// A search term as clients send it: the bare word, or with the `#` they typed.
    static func normalize(_ term: String) -> String {
        var term = Substring(term.trimmingCharacters(in: .whitespacesAndNewlines))
        while term.first == "#" { term = term.dropFirst() }
        return String(term)
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }
}
