import Foundation

/// Reads a query string into a `Decodable` struct of its fields, so a handler and the links to
/// its page name each field once, in the struct (`CodingKeys` where the wire name differs), and
/// get typed values rather than text read by name.
///
/// Read as pages read a query: a field that is absent or does not read as its type (`page=abc`,
/// an unknown `tab`) is nil when the struct's field is optional, so one bad field never costs the
/// others; a required field that is absent or unreadable throws. Numbers may carry surrounding
/// spaces. Only flat fields: no nesting, no arrays. One pass over the query, with the decoding of
/// `queryValue` (the last of repeated keys wins), instead of Vapor's Codable tree of the whole
/// query, which was a sixth of the market's cached page in the profile (bench/RESULTS.md).
public struct QueryFieldsDecoder {
    public init() {}

    public func decode<Fields: Decodable>(_ type: Fields.Type, from query: String?) throws -> Fields {
        try Fields(from: FieldsDecoder(values: Self.values(of: query)))
    }

    /// Every plain `name=value` pair, decoded; a pair without `=`, or whose text is not UTF-8 once
    /// decoded, is not a field.
    static func values(of query: String?) -> [String: String] {
        var values: [String: String] = [:]
        for pair in (query ?? "").utf8.split(separator: UInt8(ascii: "&")) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
                  let name = QueryText.decode(pair[..<equals]),
                  let value = QueryText.decode(Substring(pair[pair.index(after: equals)...]).utf8)
            else { continue }
            values[name] = value
        }
        return values
    }
}

private struct FieldsDecoder: Decoder {
    let values: [String: String]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer<Key>(values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw QueryFieldsError.notFlat(codingPath) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw QueryFieldsError.notFlat(codingPath) }
}

enum QueryFieldsError {
    static func notFlat(_ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: "A query holds flat fields only"))
    }
}

/// The struct's fields. The generic `decode` stands for every typed one; every typed
/// `decodeIfPresent` is spelled out because the standard library's defaults throw on an unreadable
/// value, where a page reads it as absent.
private struct FieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: [String: String]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { values.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool { values[key.stringValue] == nil }

    private func required<T: Decodable>(_ key: Key) throws -> T {
        guard let text = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "The query has no \(key.stringValue)"))
        }
        return try T(from: FieldDecoder(text: text, codingPath: [key]))
    }

    private func optional<T: Decodable>(_ key: Key) -> T? {
        values[key.stringValue].flatMap { try? T(from: FieldDecoder(text: $0, codingPath: [key])) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? { optional(key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) -> Bool? { optional(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) -> String? { optional(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) -> Double? { optional(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) -> Float? { optional(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) -> Int? { optional(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) -> Int8? { optional(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) -> Int16? { optional(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) -> Int32? { optional(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) -> Int64? { optional(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) -> UInt? { optional(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) -> UInt8? { optional(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) -> UInt16? { optional(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) -> UInt32? { optional(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) -> UInt64? { optional(key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw QueryFieldsError.notFlat([key])
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw QueryFieldsError.notFlat([key]) }
    func superDecoder() throws -> any Decoder { throw QueryFieldsError.notFlat([]) }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw QueryFieldsError.notFlat([key]) }
}

/// One field's text, for a value that reads itself through a single-value container: a number, a
/// word, an enum by its raw value.
private struct FieldDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw QueryFieldsError.notFlat(codingPath) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw QueryFieldsError.notFlat(codingPath) }
    func singleValueContainer() -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
    func decode(_ type: String.Type) -> String { text }
    func decode(_ type: Bool.Type) throws -> Bool { try read() }
    func decode(_ type: Double.Type) throws -> Double { try read() }
    func decode(_ type: Float.Type) throws -> Float { try read() }
    func decode(_ type: Int.Type) throws -> Int { try read() }
    func decode(_ type: Int8.Type) throws -> Int8 { try read() }
    func decode(_ type: Int16.Type) throws -> Int16 { try read() }
    func decode(_ type: Int32.Type) throws -> Int32 { try read() }
    func decode(_ type: Int64.Type) throws -> Int64 { try read() }
    func decode(_ type: UInt.Type) throws -> UInt { try read() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read() }

    /// A number or a truth value, spaces around it allowed; out of its type's range is unreadable, never a trap.
    private func read<Value: LosslessStringConvertible>() throws -> Value {
        guard let value = Value(text.trimmingCharacters(in: .whitespaces)) else {
            throw DecodingError.typeMismatch(Value.self, .init(codingPath: codingPath, debugDescription: "Not a \(Value.self)"))
        }
        return value
    }
}
