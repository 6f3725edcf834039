import Foundation
import JWT

/// The access token's JWT body: who, and until when.
struct AccessTokenClaims: JWTPayload {
    var sub: SubjectClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim
    /// The log-in (refresh token family) the token was issued under, so that a stream it opened
    /// ends with that log-in; absent from tokens issued before it was added.
    var sid: String?

    /// Expiry is judged by `TokenService` against the injected clock, not here against the system
    /// clock, so that a test can expire a token by moving time.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
