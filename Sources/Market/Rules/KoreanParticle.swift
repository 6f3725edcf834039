/// The object particle after a word: 을 after a final consonant, 를 after a vowel, both as
/// "을(를)" after a word that does not end in Hangul.
enum KoreanParticle {
    static func object(after word: String) -> String {
        guard let last = word.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else { return "을(를)" }
        return (last.value - 0xAC00) % 28 == 0 ? "를" : "을"
    }
}
