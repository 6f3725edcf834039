/// The encoder `WireSchema` describes answers with: it writes nothing, and notes in a `SchemaNode`
/// every key (required when always written, optional when written only if present), every value's
/// type and every explicit `null`.
struct SchemaWritingEncoder: Encoder {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.shape = .object
        return KeyedEncodingContainer(KeyedWriter<Key>(node: node, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ElementWriter(node: node.element(of: .array), depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueWriter(node: node, depth: depth)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        node.property(key.stringValue, required: true).nullable = true
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try WireSchema.describe(value, node: node.property(key.stringValue, required: true), depth: depth)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try optional(value, forKey: key) }

    // The protocol's own implementations of these would call `encode`, which notes a required key.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try optional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try optional(value, forKey: key) }

    private func optional<T: Encodable>(_ value: T?, forKey key: Key) throws {
        let property = node.property(key.stringValue, required: false)
        if let value { try WireSchema.describe(value, node: property, depth: depth) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        SchemaWritingEncoder(node: node.property(key.stringValue, required: true), depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ElementWriter(node: node.property(key.stringValue, required: true).element(of: .array), depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder { SchemaWritingEncoder(node: node, depth: depth + 1) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SchemaWritingEncoder(node: node.property(key.stringValue, required: true), depth: depth + 1)
    }
}

private struct ElementWriter: UnkeyedEncodingContainer {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count = 0

    init(node: SchemaNode, depth: Int) {
        self.node = node
        self.depth = depth
    }

    mutating func encodeNil() throws {
        count += 1
        node.nullable = true
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try WireSchema.describe(value, node: node, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        return SchemaWritingEncoder(node: node, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return ElementWriter(node: node.element(of: .array), depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return SchemaWritingEncoder(node: node, depth: depth + 1)
    }
}

private struct ValueWriter: SingleValueEncodingContainer {
    let node: SchemaNode
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { node.nullable = true }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try WireSchema.describe(value, node: node, depth: depth)
    }
}
