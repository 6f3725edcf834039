import Platform
import PlatformCore
import Testing

@Suite struct IdentifierGeneratorTests {
    @Test func objectIDsLookLikeMongoIDs() {
        let id = IdentifierGenerator.secureRandom.objectID()
        #expect(id.count == 24)
        #expect(id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(id != IdentifierGenerator.secureRandom.objectID())
    }

    @Test func tokensAreURLSafe() {
        let token = IdentifierGenerator.secureRandom.token(byteCount: 32)
        #expect(token.count == 43)
        #expect(!token.contains { "+/=".contains($0) })
    }
}
