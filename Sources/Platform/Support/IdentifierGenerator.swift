import Foundation
import Synchronization

/// Makes identifiers and secrets. Injected so tests can predict them.
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
        Data(randomBytes(byteCount)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public func hex(byteCount: Int) -> String {
        randomBytes(byteCount).map { String(format: "%02x", $0) }.joined()
    }

    public static let secureRandom = IdentifierGenerator { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Deterministic bytes from a counter, for tests that assert on generated names.
    public static func sequential() -> IdentifierGenerator {
        let counter = Counter()
        return IdentifierGenerator { count in
            let start = counter.next()
            return (0..<count).map { start &+ UInt8(truncatingIfNeeded: $0) }
        }
    }
}

private final class Counter: Sendable {
    private let value = Mutex<UInt8>(0)
    func next() -> UInt8 { value.withLock { $0 &+= 1; return $0 } }
}
