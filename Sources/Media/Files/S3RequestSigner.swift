import Crypto
import Foundation
import PlatformCore

/// AWS Signature Version 4 for S3's REST API (header-based, `UNSIGNED-PAYLOAD` never used: every
/// request signs its body's SHA-256). Written on swift-crypto rather than with an SDK: Soto, the
/// Swift AWS SDK, is not in the machine's package set, and the four calls Sprout makes (PUT, GET,
/// HEAD, DELETE of one object) need only this.
struct S3RequestSigner: Sendable {
    let accessKeyID: String
    let secretAccessKey: String
    let region: String

    static let emptyPayloadHash = Hex.encode(SHA256.hash(data: Data()))

    /// The headers to send with the request: `x-amz-date`, `x-amz-content-sha256` and
    /// `Authorization`. `headers` are the others that are signed (`host` among them, lowercase).
    func sign(method: String, path: String, query: String = "", headers: [String: String], payloadHash: String, at date: Date) -> [String: String] {
        let (stamp, day) = Self.stamps(date)
        var signed = headers.reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value.trimmingCharacters(in: .whitespaces) }
        signed["x-amz-date"] = stamp
        signed["x-amz-content-sha256"] = payloadHash
        let names = signed.keys.sorted()
        let canonical = [
            method, path, query,
            names.map { "\($0):\(signed[$0] ?? "")\n" }.joined(),
            names.joined(separator: ";"),
            payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/s3/aws4_request"
        let toSign = "AWS4-HMAC-SHA256\n\(stamp)\n\(scope)\n\(Hex.encode(SHA256.hash(data: Data(canonical.utf8))))"
        var key = SymmetricKey(data: Data("AWS4\(secretAccessKey)".utf8))
        for part in [day, region, "s3", "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        let signature = Hex.encode(HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: key))
        return [
            "x-amz-date": stamp,
            "x-amz-content-sha256": payloadHash,
            "Authorization": "AWS4-HMAC-SHA256 Credential=\(accessKeyID)/\(scope), SignedHeaders=\(names.joined(separator: ";")), Signature=\(signature)",
        ]
    }

    /// `20130524T000000Z` and `20130524`, in UTC.
    static func stamps(_ date: Date) -> (String, String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: date)
        return (stamp, String(stamp.prefix(8)))
    }
}
