/// Lowercase hexadecimal text for digests and random ids, without `String(format:)` per byte
/// (which showed in the profile of every keyed request).
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
    }
}
