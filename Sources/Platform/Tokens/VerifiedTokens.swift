import Foundation
import Synchronization

/// Tokens whose signature was already checked, with what they say. The lessons and study
/// contracts send their token on every call, and checking it (JWTKit's key collection is an
/// actor, then Foundation's JSON decoding of the claims) was an eighth of a cached read in the
/// profile. The token's text is the key, so a token differing in any byte, a forged signature
/// included, is checked in full; expiry is still judged at every use. Bounded: when full, it
/// starts over.
final class VerifiedTokens<Claims: Sendable>: Sendable {
    let capacity: Int
    private let tokens = Mutex<[String: Claims]>([:])

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    func claims(of token: String) -> Claims? {
        tokens.withLock { $0[token] }
    }

    func keep(_ claims: Claims, of token: String) {
        tokens.withLock { tokens in
            if tokens.count >= capacity { tokens.removeAll(keepingCapacity: true) }
            tokens[token] = claims
        }
    }
}
