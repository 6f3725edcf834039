import Crypto
import Foundation
import PlatformCore

/// RFC 8291 message encryption for Web Push, the `aes128gcm` content coding of RFC 8188 in one
/// record: the push service relays bytes it cannot read, and only the browser holding the
/// subscription's private key and auth secret opens them. Written with swift-crypto's ECDH, HKDF
/// and AES-GCM: no Swift Web Push library is in the machine's package set, and the scheme is
/// these few steps.
enum WebPushEncryption {
    /// The record size written in the header; one record carries the whole message.
    static let recordSize = 4096
    /// What one record holds: the record size less the 16-byte tag and the padding delimiter.
    static let maxPlaintext = recordSize - 16 - 1

    enum Failure: Error, Equatable {
        case tooLong
        case badKey
    }

    /// The browser's side of a subscription: `keys.p256dh` and `keys.auth` of `PushSubscription`.
    struct Recipient: Sendable {
        let publicKey: P256.KeyAgreement.PublicKey
        let authSecret: Data

        /// `p256dh` is an uncompressed P-256 point, `auth` 16 bytes, both base64url.
        init(p256dh: String, auth: String) throws {
            guard let point = Base64URL.decode(p256dh), point.count == 65, let secret = Base64URL.decode(auth), secret.count == 16,
                  let key = try? P256.KeyAgreement.PublicKey(x963Representation: point)
            else { throw Failure.badKey }
            publicKey = key
            authSecret = secret
        }
    }

    /// The request body: `salt ‖ rs ‖ idlen ‖ keyid(our ephemeral public key) ‖ ciphertext`.
    /// `serverKey` and `salt` are new for every message; tests pass RFC 8291's to repeat its example.
    static func encrypt(_ plaintext: Data, for recipient: Recipient, serverKey: P256.KeyAgreement.PrivateKey, salt: [UInt8]) throws -> Data {
        guard plaintext.count <= maxPlaintext else { throw Failure.tooLong }
        let userAgentPublic = recipient.publicKey.x963Representation
        let serverPublic = serverKey.publicKey.x963Representation
        let shared = try serverKey.sharedSecretFromKeyAgreement(with: recipient.publicKey)
        let keyInfo = Data("WebPush: info".utf8) + [0] + userAgentPublic + serverPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: recipient.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let nonce = try AES.GCM.Nonce(data: nonceBytes.withUnsafeBytes { Data($0) })
        // 0x02 ends the last (here the only) record; no padding follows it.
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey, nonce: nonce)
        let size = UInt32(recordSize)
        let header = Data(salt) + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + [UInt8(serverPublic.count)] + serverPublic
        return header + sealed.ciphertext + sealed.tag
    }
}
