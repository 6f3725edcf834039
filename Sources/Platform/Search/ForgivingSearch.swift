import Foundation

/// The second look a search takes when the exact one finds nothing: a reader types `해리포터` for
/// "해리 포터", `ㅎㄹㅍㅌ` (초성, the initial consonants, as Korean keyboards' search allows) or
/// `hobit` for "The Hobbit"; a student types `바욜린` for 바이올린. Keys are `SearchKey.fold`ed text.
/// Matching is in memory, over a bounded set of keys (one library, the local catalogue, the
/// newest lessons), and only after the indexed search came back empty, so an ordinary search
/// costs nothing more. Reading's and lessons' searches share it.
public struct ForgivingSearch: Sendable {
    private let compact: [Character]
    private let words: [[Character]]

    /// Nothing to forgive in an empty search.
    public init?(_ query: String) {
        let folded = SearchKey.fold(query)
        compact = Self.compacted(folded)
        guard !compact.isEmpty else { return nil }
        words = Self.words(folded)
    }

    /// How far `key` is from the search, smaller is nearer; nil when it is no match. Spacing and
    /// 초성 cost nothing; words found in another order or with typos cost more with each slip.
    public func distance(to key: String) -> Int? {
        if compact.count >= 2, Self.contains(Self.compacted(key), compact) { return 0 }
        let keyWords = Self.words(key)
        var total = 0
        for word in words {
            guard let nearest = keyWords.lazy.compactMap({ Self.typoDistance(word, $0) }).min() else { return nil }
            total += nearest
        }
        return total + 1
    }

    /// Letters and digits only: spaces and punctuation are where readers differ most.
    private static func compacted(_ text: String) -> [Character] {
        text.filter { $0.isLetter || $0.isNumber }.map { $0 }
    }

    private static func words(_ text: String) -> [[Character]] {
        text.split { !($0.isLetter || $0.isNumber) }.map(Array.init)
    }

    /// Whether `needle` runs somewhere in `haystack`, a consonant of the needle standing for any
    /// syllable that begins with it.
    private static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where zip(haystack[start...], needle).allSatisfy(matches) {
            return true
        }
        return false
    }

    private static func matches(_ pair: (key: Character, typed: Character)) -> Bool {
        pair.key == pair.typed || (isConsonant(pair.typed) && initial(of: pair.key) == pair.typed)
    }

    /// The Hangul compatibility consonants a keyboard types, in the order Unicode composes syllables.
    private static let initials: [Character] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")

    private static func isConsonant(_ character: Character) -> Bool {
        initials.contains(character)
    }

    /// The initial consonant of a composed Hangul syllable (가 to 힣: 19 initials × 588).
    private static func initial(of character: Character) -> Character? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
              (0xAC00...0xD7A3).contains(scalar.value)
        else { return nil }
        return initials[Int(scalar.value - 0xAC00) / 588]
    }

    /// A typed word against a word of the key, or the start of one (a word still being typed):
    /// one slip in five letters or more, two in nine or more. A word of one or two letters must be
    /// a whole word of the key, or `a` would find every book with a word beginning with it.
    /// Korean is compared letter by letter (jamo), as it is typed: `바욜린` is one slip from
    /// `바이올린` once ㅛ is the ㅣ and ㅗ it runs together.
    private static func typoDistance(_ typed: [Character], _ word: [Character]) -> Int? {
        if typed.count < 3 { return typed == word ? 0 : nil }
        if word.starts(with: typed) { return 0 }
        let (typed, word) = (HangulLetters.spelled(typed), HangulLetters.spelled(word))
        let allowed = typed.count >= 9 ? 2 : typed.count >= 5 ? 1 : 0
        guard allowed > 0 else { return nil }
        // In halves: a slip in a whole word comes before the same slip in the start of a longer
        // one (`hobit` is The Hobbit before The 7 Habits).
        let whole = editDistance(typed, word)
        if whole <= allowed { return whole * 2 }
        guard word.count > typed.count else { return nil }
        let start = editDistance(typed, Array(word.prefix(typed.count)))
        return start <= allowed ? start * 2 + 1 : nil
    }

    /// Levenshtein distance with adjacent transpositions (`tolkein`, `tolkien`) counted as one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
