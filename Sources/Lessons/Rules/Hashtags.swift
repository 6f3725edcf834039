import Foundation

/// Pulls `#tags` out of a post's `content`: a tag is `#` followed by letters, digits or `_` in any
/// script (`#바이올린`, `#violin_lesson`); anything else, punctuation included, ends it.
enum Hashtags {
    static let maxLength = 50

    /// The post's tags as first written, one for each `key`.
    static func extract(from content: String?) -> [String] {
        var seen: Set<String> = []
        return runs(of: content ?? "").compactMap { run in
            guard case let .tag(tag) = run, seen.insert(key(tag)).inserted else { return nil }
            return tag
        }
    }

    /// What a tag is found by, whatever its case: Unicode case folding (`#Top`, `#TOP` and `#top`
    /// are one tag; Korean has no case and stays as it is). Folded here, not in SQL, so both
    /// databases match alike.
    static func key(_ tag: String) -> String {
        tag.folding(options: .caseInsensitive, locale: nil)
    }

    /// A piece of a post's text: words as written, or a tag where the text has one.
    enum Run: Equatable {
        case text(String)
        case tag(String)
    }

    /// The text cut into its plain runs and its tags, in order, so pages can link each tag where
    /// it stands. A `#` with nothing after it, or a tag too long to be one, stays plain text.
    static func runs(of content: String) -> [Run] {
        var runs: [Run] = []
        var plain = ""
        var current: String?
        func finish() {
            guard let tag = current else { return }
            current = nil
            if !tag.isEmpty, tag.count <= maxLength {
                if !plain.isEmpty { runs.append(.text(plain)) }
                plain = ""
                runs.append(.tag(tag))
            } else {
                plain += "#" + tag
            }
        }
        for character in content {
            if character == "#" {
                finish()
                current = ""
            } else if current != nil, isTagCharacter(character) {
                current?.append(character)
            } else {
                finish()
                plain.append(character)
            }
        }
        finish()
        if !plain.isEmpty { runs.append(.text(plain)) }
        return runs
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
