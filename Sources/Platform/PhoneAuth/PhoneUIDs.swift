import Crypto
import Foundation
import PlatformCore

/// The uid a phone client knows itself by: Firebase's `localId`, the ID token's `sub` and
/// `user_id`, and SeSAC Study's own `uid`, with which the published study clients bind their
/// socket (`changesocketid`) and nothing else. It is the account id followed by a MAC of it under
/// a key derived from the token secret.
///
/// Everyone else is shown the bare account id (lessons and market show it as `user_id`, study as
/// `otheruid`, `matchedUid` and a message's sender), and a socket binds only to the sealed form,
/// so knowing every id the APIs show is not enough to listen to someone's chats: only the
/// account's own sign-in hands out its sealed uid.
public struct PhoneUIDs: Sendable {
    /// 12 bytes of HMAC-SHA256, as hex: guessing one takes 2⁹⁶ tries.
    static let macLength = 24

    private let key: SymmetricKey

    public init(secret: String) {
        let derived = HMAC<SHA256>.authenticationCode(for: Data("phone-uid".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        key = SymmetricKey(data: Data(derived))
    }

    /// The sealed uid of an account, as its own phone sign-in hands it out.
    public func uid(ofAccount accountID: String) -> String {
        accountID + mac(of: accountID)
    }

    /// The account a sealed uid names; nil for anything else, a bare account id among them.
    public func account(ofUID uid: String) -> String? {
        let utf8 = Array(uid.utf8)
        guard utf8.count > Self.macLength, utf8.count <= 256 else { return nil }
        let accountID = String(decoding: utf8.dropLast(Self.macLength), as: UTF8.self)
        let expected = Array(mac(of: accountID).utf8)
        // Constant time, so the MAC cannot be found a character at a time.
        let difference = zip(expected, utf8.suffix(Self.macLength)).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) }
        return difference == 0 ? accountID : nil
    }

    /// The account a uid a client sent names: a sealed uid's account, or the text itself (the
    /// bare account id every other person is shown by).
    public func accountID(_ uid: String) -> String {
        account(ofUID: uid) ?? uid
    }

    private func mac(of accountID: String) -> String {
        String(Hex.encode(HMAC<SHA256>.authenticationCode(for: Data(accountID.utf8), using: key)).prefix(Self.macLength))
    }
}
