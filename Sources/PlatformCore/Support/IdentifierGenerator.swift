import Foundation

/// Makes identifiers and secrets from a source of random bytes that is injected, like the clock.
public struct IdentifierGenerator: Sendable {
    private let randomBytes: @Sendable (Int) -> [UInt8]

    public init(randomBytes: @escaping @Sendable (Int) -> [UInt8]) {
        self.randomBytes = randomBytes
    }

    /// 24 lowercase hex characters, the shape of the MongoDB ObjectIds the original servers used
    /// (clients store and compare them as strings).
    public func objectID() -> String { hex(byteCount: 12) }

    /// A URL-safe random token with `byteCount` bytes of entropy.
    public func token(byteCount: Int = 32) -> String {
        Base64URL.encode(randomBytes(byteCount))
    }

    /// Random bytes, for salts and keys a test must be able to repeat.
    public func bytes(_ count: Int) -> [UInt8] {
        randomBytes(count)
    }

    public func hex(byteCount: Int) -> String {
        Hex.encode(randomBytes(byteCount))
    }

    public static let secureRandom = IdentifierGenerator { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
