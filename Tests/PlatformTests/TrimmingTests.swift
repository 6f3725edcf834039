import Platform
import Testing

/// Leading and trailing white space goes, by Unicode's reading of it; the text between stays as
/// it was, combining marks included.
@Suite struct TrimmingTests {
    @Test(arguments: [
        ("abc", "abc"), ("  a b \n", "a b"), ("", ""), (" \t\n\r ", ""), ("\u{3000}토큰\u{3000}", "토큰"),
        ("\u{A0}x\u{2028}", "x"), (" \u{301}e\u{301} ", "\u{301}e\u{301}"), ("x\u{85}", "x"), ("Bearer eyJ.a.b", "Bearer eyJ.a.b"),
    ])
    func trimsOnlyTheEnds(text: String, trimmed: String) {
        #expect(text.trimmingWhitespace().unicodeScalars.elementsEqual(trimmed.unicodeScalars))
        #expect(("[" + text + "]").dropFirst().dropLast().trimmingWhitespace().unicodeScalars.elementsEqual(trimmed.unicodeScalars), "a substring")
    }
}
