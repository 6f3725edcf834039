import Foundation

/// Writes an `Encodable` struct of query fields as name and text pairs, in the order it encodes
/// them: the links to a page are built from the struct its handler reads with
/// `QueryFieldsDecoder`, so neither names a field on its own. A nil field is left out; only flat
/// fields (text, numbers, truth values, enums by raw value).
public struct QueryFieldsEncoder {
    public init() {}

    public func pairs(_ fields: some Encodable) throws -> [(String, String)] {
        let encoder = FieldsEncoder()
        try fields.encode(to: encoder)
        return encoder.pairs
    }
}

private final class FieldsEncoder: Encoder {
    var pairs: [(String, String)] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FieldsWriter<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { NotFlat(codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { NotFlat(codingPath: codingPath) }
}

private struct FieldsWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FieldsEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}

    /// Every value, whatever its type, written through `FieldEncoder`, which reads it as text.
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let field = FieldEncoder(codingPath: [key])
        try value.encode(to: field)
        guard !field.isNested else { throw notFlat([key]) }
        if let text = field.text { encoder.pairs.append((key.stringValue, text)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(NotFlatFields<NestedKey>(codingPath: [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { NotFlat(codingPath: [key]) }
    mutating func superEncoder() -> any Encoder { FieldEncoder(codingPath: []) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { FieldEncoder(codingPath: [key]) }
}

/// One field's value as text: a number, a word, an enum by its raw value.
private final class FieldEncoder: Encoder, SingleValueEncodingContainer {
    var text: String?
    /// Whether the value asked for a container of its own: a struct or a list, even an empty one.
    var isNested = false
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        isNested = true
        return KeyedEncodingContainer(NotFlatFields<Key>(codingPath: codingPath))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isNested = true
        return NotFlat(codingPath: codingPath)
    }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() {}
    func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }
    func encode(_ value: String) { text = value }
    func encode(_ value: Bool) { text = String(value) }
    func encode(_ value: Double) { text = String(value) }
    func encode(_ value: Float) { text = String(value) }
    func encode(_ value: Int) { text = String(value) }
    func encode(_ value: Int8) { text = String(value) }
    func encode(_ value: Int16) { text = String(value) }
    func encode(_ value: Int32) { text = String(value) }
    func encode(_ value: Int64) { text = String(value) }
    func encode(_ value: UInt) { text = String(value) }
    func encode(_ value: UInt8) { text = String(value) }
    func encode(_ value: UInt16) { text = String(value) }
    func encode(_ value: UInt32) { text = String(value) }
    func encode(_ value: UInt64) { text = String(value) }
}

/// Where a nested or listed value would go: a query holds flat fields only, so writing one throws.
private struct NotFlat: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    var count: Int { 0 }

    func encodeNil() throws { throw notFlat(codingPath) }
    func encode<T: Encodable>(_ value: T) throws { throw notFlat(codingPath) }
    func nestedContainer<Key: CodingKey>(keyedBy keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(NotFlatFields<Key>(codingPath: codingPath))
    }
    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func superEncoder() -> any Encoder { FieldEncoder(codingPath: codingPath) }
}

private struct NotFlatFields<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) throws { throw notFlat(codingPath) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw notFlat(codingPath) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(NotFlatFields<NestedKey>(codingPath: codingPath))
    }
    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { NotFlat(codingPath: codingPath) }
    func superEncoder() -> any Encoder { FieldEncoder(codingPath: codingPath) }
    func superEncoder(forKey key: Key) -> any Encoder { FieldEncoder(codingPath: codingPath) }
}

private func notFlat(_ path: [any CodingKey]) -> EncodingError {
    .invalidValue((), .init(codingPath: path, debugDescription: "A query holds flat fields only"))
}
