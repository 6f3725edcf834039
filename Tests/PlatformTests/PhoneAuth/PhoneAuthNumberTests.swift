import Platform
import Testing

@Suite struct PhoneAuthNumberTests {
    @Test(arguments: [
        ("+82 10-1234-5678", "+821012345678"),
        ("+821012345678", "+821012345678"),
        ("+82 010-1234-5678", "+821012345678"),
        ("010-1234-5678", "+821012345678"),
        ("01012345678", "+821012345678"),
        ("011-123-4567", "+82111234567"),
        (" +1 (650) 555-1234 ", "+16505551234"),
        ("+44 20.7946.0958", "+442079460958"),
    ])
    func notationsNormaliseToE164(_ typed: String, _ e164: String) {
        #expect(PhoneNumber.e164(typed) == e164)
    }

    @Test(arguments: ["", "+", "hello", "+82 10-1234-567x", "1012345678", "+0123456789", "+1234567", "+1234567890123456", "++821012345678", "+82+1012345678", "010-1234-5678-9999", String(repeating: "1", count: 500)])
    func garbageIsRefused(_ typed: String) {
        #expect(PhoneNumber.e164(typed) == nil)
    }

    @Test func maskedNamesShowOnlyTheLastFourDigits() {
        #expect(PhoneNumber.masked("+821012345678") == "010-****-5678")
        #expect(PhoneNumber.masked("+16505551234") == "••••1234")
    }
}
