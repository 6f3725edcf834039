import Foundation
import Vapor

/// How every JSON answer is written. Keys are sorted: Foundation's encoder otherwise orders them
/// differently from one encoding to the next, and the same data must be the same bytes for its
/// `ETag` (`ConditionalGetMiddleware`) to mean anything. Slashes stay unescaped, as clients expect
/// in paths and URLs.
public enum WireJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Vapor's own content encoding (handlers that return `Content`) writes the same way.
    public static func install() {
        ContentConfiguration.global.use(encoder: encoder(), for: .json)
    }
}
