import Vapor

extension Request {
    /// The value of the plain key `name` in the query string, read as `req.query[String.self,
    /// at: name]` reads it: `+` is a space, percent escapes are decoded, the last of repeated keys
    /// wins, and a key without `=` or with brackets is never that key. Nil when absent, or when the
    /// escapes do not decode to UTF-8. Vapor's decoder builds a Codable tree of the whole query,
    /// with Foundation's percent decoding, for every key asked for: three keys were a sixth of the
    /// market's cached page of products in the profile (bench/RESULTS.md).
    public func queryValue(_ name: String) -> String? {
        guard let query = url.query else { return nil }
        var value: Substring?
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
                  QueryText.decode(pair[..<equals]).map({ $0 == name }) == true
            else { continue }
            value = Substring(pair[pair.index(after: equals)...])
        }
        return value.flatMap { QueryText.decode($0.utf8) }
    }

    /// The query read into `Fields` (see `QueryFieldsDecoder`): a field that is absent or
    /// unreadable is nil; a required one is a 400.
    public func queryFields<Fields: Decodable>(_ type: Fields.Type) throws -> Fields {
        do {
            return try QueryFieldsDecoder().decode(type, from: url.query)
        } catch {
            throw Abort(.badRequest, reason: "The query is missing a field or has one that cannot be read.")
        }
    }
}

/// Form-encoded query text to text.
enum QueryText {
    static func decode(_ encoded: Substring.UTF8View) -> String? {
        if !encoded.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return String(Substring(encoded))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let high = encoded.index(after: index)
                guard high < encoded.endIndex, encoded.index(after: high) < encoded.endIndex,
                      let upper = hexValue(encoded[high]), let lower = hexValue(encoded[encoded.index(after: high)])
                else { return nil }
                bytes.append(upper << 4 | lower)
                index = encoded.index(after: high)
            default:
                bytes.append(byte)
            }
            index = encoded.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
