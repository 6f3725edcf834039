import Crypto
import Foundation
import Platform
import PlatformCore
import Testing

/// Stored digests (API keys, refresh tokens, sessions, vendor secrets) were written as
/// `String(format: "%02x")` text; `Hex` must write exactly the same.
@Suite struct HexTests {
    @Test func bytesAreTwoLowercaseDigitsEach() {
        #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.encode([UInt8]()) == "")
    }

    @Test func aDigestReadsAsItAlwaysHas() {
        let digest = SHA256.hash(data: Data("abc".utf8))
        #expect(Hex.encode(digest) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.encode(digest) == digest.map { String(format: "%02x", $0) }.joined())
    }
}
