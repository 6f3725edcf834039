/// Hangul syllables spelled out as the letters (jamo) a keyboard types them with, for counting
/// typos: 린 is ㄹ ㅣ ㄴ. Vowels that run two together are spelled as both (ㅛ as ㅣ ㅗ, ㅘ as ㅗ ㅏ),
/// so a contraction such as 바욜린 for 바이올린 is a small slip, not a different word.
enum HangulLetters {
    private static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    private static let vowels = ["ㅏ", "ㅐ", "ㅣㅏ", "ㅣㅐ", "ㅓ", "ㅔ", "ㅣㅓ", "ㅣㅔ", "ㅗ", "ㅗㅏ", "ㅗㅐ", "ㅗㅣ", "ㅣㅗ", "ㅜ", "ㅜㅓ", "ㅜㅔ",
                                 "ㅜㅣ", "ㅣㅜ", "ㅡ", "ㅡㅣ", "ㅣ"].map { (spelling: String) in Array(spelling) }
    private static let finals: [[Character]] = [[]] + "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".map { [$0] }

    /// Every composed syllable (가 to 힣: 19 initials × 21 vowels × 28 finals) spelled out;
    /// anything else as it is.
    static func spelled(_ characters: [Character]) -> [Character] {
        var letters: [Character] = []
        letters.reserveCapacity(characters.count * 3)
        for character in characters {
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                  (0xAC00...0xD7A3).contains(scalar.value)
            else {
                letters.append(character)
                continue
            }
            let index = Int(scalar.value - 0xAC00)
            letters.append(initials[index / 588])
            letters += vowels[index % 588 / 28]
            letters += finals[index % 28]
        }
        return letters
    }
}
