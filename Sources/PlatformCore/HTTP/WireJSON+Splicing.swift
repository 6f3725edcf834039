import Foundation

extension WireJSON {
    /// Elements encoded together; small enough that Foundation's tree for them stays small.
    static let spliceChunk = 256

    /// `value` as `encoder()` writes it, with the array at `elements` (the object's own key
    /// `key`) encoded a chunk at a time. Foundation's encoder holds a tree of the whole value
    /// until it writes the first byte, about nine times the answer's size: a lesson post's detail
    /// embeds every comment, and a post with 30,000 of them took 58 MB of it (bench/RESULTS.md).
    /// The bytes are the same as encoding the whole value at once, provided no key sorting before
    /// `key` holds an object (whose own keys could repeat it).
    public static func encode<Value: Encodable, Element: Encodable>(
        _ value: Value, splicing elements: WritableKeyPath<Value, [Element]>, at key: String
    ) throws -> Data {
        var shell = value
        let all = value[keyPath: elements]
        shell[keyPath: elements] = []
        let encoder = encoder()
        var bytes = try encoder.encode(shell)
        // A quote inside a string is always escaped, so this text can only be a key, and with
        // sorted keys the first one is the value's own.
        guard let marker = bytes.range(of: Data("\"\(key)\":[]".utf8)) else { return try encoder.encode(value) }
        var array = Data("[".utf8)
        for start in stride(from: 0, to: all.count, by: spliceChunk) {
            let end = Swift.min(start + spliceChunk, all.count)
            let chunk = try encoder.encode(Array(all[start..<end]))
            if start > 0 { array.append(UInt8(ascii: ",")) }
            array.append(chunk.dropFirst().dropLast())
        }
        array.append(UInt8(ascii: "]"))
        bytes.replaceSubrange(marker.upperBound - 2..<marker.upperBound, with: array)
        return bytes
    }
}
