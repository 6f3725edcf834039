import Crypto
import Foundation
import PlatformCore

/// The application server's identity for Web Push (RFC 8292, VAPID): a P-256 key made once and
/// kept with the other secrets. Browsers subscribe with its public key
/// (`applicationServerKey`), and every push carries a short-lived ES256 JWT signed with it, so a
/// push service accepts pushes to a subscription from this server alone. Every instance must
/// hold the same key (`SPROUT_VAPID_PRIVATE_KEY`), or pushes from the others are refused.
public struct VAPIDKey: Sendable {
    let signing: P256.Signing.PrivateKey

    /// `privateKey`: the 32-byte scalar in base64url.
    public init(privateKey: String) throws {
        guard let raw = Base64URL.decode(privateKey), raw.count == 32, let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) else {
            throw ConfigError.invalid(name: "SPROUT_VAPID_PRIVATE_KEY", value: "(\(privateKey.utf8.count) characters)",
                                      expected: "a P-256 private key: 32 bytes in base64url")
        }
        signing = key
    }

    /// A new private key, as `init(privateKey:)` reads it.
    public static func generate() -> String {
        Base64URL.encode(P256.Signing.PrivateKey().rawRepresentation)
    }

    /// The uncompressed public point in base64url: the browser's `applicationServerKey`.
    public var publicKey: String {
        Base64URL.encode(signing.publicKey.x963Representation)
    }

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`.
    /// The token names the push service's origin (`aud`), who runs this server (`sub`, a
    /// `mailto:` or `https:` URL the service may contact) and expires within a day, as RFC 8292 asks.
    func authorization(for endpoint: URL, subject: String, expires: Date) throws -> String {
        struct Claims: Encodable {
            let aud: String
            let exp: Int
            let sub: String
        }
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw WebPushEncryption.Failure.badKey }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = Base64URL.encode(try JSONEncoder().encode(Claims(aud: audience, exp: Int(expires.timeIntervalSince1970), sub: subject)))
        let signingInput = header + "." + claims
        let signature = try signing.signature(for: Data(signingInput.utf8)).rawRepresentation
        return "vapid t=\(signingInput).\(Base64URL.encode(signature)), k=\(publicKey)"
    }
}
