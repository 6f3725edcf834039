/// The decoder `WireSchema` builds sample values with: every key is present, every value is
/// a sample, every array has one element, and each question is noted in a `SchemaNode`.
/// The generic `decode` methods stand in for the per-type overloads the protocols list.
struct SchemaReadingDecoder: Decoder {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        node.shape = .object
        return KeyedDecodingContainer(KeyedReader<Key>(node: node, depth: depth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ElementReader(node: node.element(of: .array), depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueReader(node: node, depth: depth)
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try WireSchema.sample(type, node: node.property(key.stringValue, required: true), depth: depth)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, forKey: key) }

    // The protocol's own implementations of these would ask `decode`, which notes a required key.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, forKey: key) }

    /// An optional key may also be sent as `null`: the synthesized decoders read both as absent.
    private func optional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let property = node.property(key.stringValue, required: false)
        property.nullable = true
        return try WireSchema.sample(type, node: property, depth: depth)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try SchemaReadingDecoder(node: node.property(key.stringValue, required: true), depth: depth + 1).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ElementReader(node: node.property(key.stringValue, required: true).element(of: .array), depth: depth + 1)
    }

    func superDecoder() throws -> any Decoder { SchemaReadingDecoder(node: node, depth: depth + 1) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SchemaReadingDecoder(node: node.property(key.stringValue, required: true), depth: depth + 1)
    }
}

/// An array of one element (none once the nesting is suspiciously deep, which ends a type that
/// contains an array of itself).
private struct ElementReader: UnkeyedDecodingContainer {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int? { depth < WireSchema.depthLimit / 2 ? 1 : 0 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    init(node: SchemaNode, depth: Int) {
        self.node = node
        self.depth = depth
    }

    mutating func decodeNil() throws -> Bool {
        node.nullable = true
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try WireSchema.sample(type, node: node, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return try SchemaReadingDecoder(node: node, depth: depth + 1).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return ElementReader(node: node.element(of: .array), depth: depth + 1)
    }

    mutating func superDecoder() throws -> any Decoder {
        currentIndex += 1
        return SchemaReadingDecoder(node: node, depth: depth + 1)
    }
}

private struct ValueReader: SingleValueDecodingContainer {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        node.nullable = true
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WireSchema.sample(type, node: node, depth: depth)
    }
}
