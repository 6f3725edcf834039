import Foundation
import OpenAPIKit
import PlatformCore

/// The JSON Schema of a SproutAPI wire type, read from its own `Codable` conformance rather than
/// written a second time by hand, so a document cannot drift from what the server really reads
/// and writes.
///
/// A request type is described by what its decoder asks for: the type is decoded once from a
/// decoder that answers every question with a sample value and notes the question (which keys,
/// which of them optional, which type each value is). An answer type is described by what its
/// encoder writes: the sample value built that way is encoded once through an encoder that
/// notes every key and value. Hand-written `init(from:)` and `encode(to:)` (the market's two key
/// generations, lenient numbers) are described as faithfully as synthesized ones.
public enum WireSchema {
    /// The schema of a request body: what decoding it reads.
    public static func request(_ type: any Decodable.Type) throws -> JSONSchema {
        let node = SchemaNode()
        _ = try sample(type, node: node, depth: 0)
        return node.schema
    }

    /// An answer's schema and an example of it.
    public struct Answer: Sendable {
        /// The wire type's name, for `components/schemas`.
        public let name: String
        public let schema: JSONSchema
        public let example: AnyCodable?

        /// What a type the reflection cannot read is documented as, for the documents' test to find.
        package static let undescribed = Answer(name: "", schema: .fragment(description: WireSchema.undescribed), example: nil)
    }

    /// The description of a schema the reflection could not read; the documents' test looks for it.
    public static let undescribed = "Not described: the reflection could not read this type"

    /// The schema of an answer, what encoding it writes, and an example answer.
    public static func answer<Body: Encodable>(_ type: Body.Type) throws -> Answer {
        guard let decodable = type as? any Decodable.Type, let value = try sample(decodable, node: SchemaNode(), depth: 0) as? Body else {
            throw ReflectionError.notDecodable(String(describing: type))
        }
        let node = SchemaNode()
        try describe(value, node: node, depth: 0)
        let example = try JSONDecoder().decode(AnyCodable.self, from: WireJSON.encoder().encode(value))
        return Answer(name: String(describing: type), schema: node.schema, example: example)
    }

    enum ReflectionError: Error {
        case notDecodable(String)
        case tooDeep
    }

    /// Deeper than any wire type nests; only a type that contains itself gets this far.
    static let depthLimit = 24

    /// A value of `T` built from sample values, noting into `node` what building it asked for.
    static func sample<T: Decodable>(_ type: T.Type, node: SchemaNode, depth: Int) throws -> T {
        guard depth < depthLimit else { throw ReflectionError.tooDeep }
        if let (schema, value) = primitive(type) {
            node.shape = .leaf(schema)
            if let value = value as? T { return value }
        }
        if let (schema, value) = enumeration(type) {
            node.shape = .leaf(schema)
            if let value = value as? T { return value }
        }
        if let map = type as? any ReflectableStringMap.Type, let value = try map.sample(node: node, depth: depth) as? T {
            return value
        }
        return try T(from: SchemaReadingDecoder(node: node, depth: depth + 1))
    }

    /// Notes into `node` what encoding `value` writes.
    static func describe<T: Encodable>(_ value: T, node: SchemaNode, depth: Int) throws {
        guard depth < depthLimit else { throw ReflectionError.tooDeep }
        // An optional encoded with `encode` rather than `encodeIfPresent` writes `null` when empty;
        // the sample is never empty, so its type is what tells.
        if T.self is any OptionalValue.Type { node.nullable = true }
        if let (schema, _) = primitive(T.self) ?? enumeration(T.self) {
            node.shape = .leaf(schema)
        } else if let map = value as? any ReflectableStringMap {
            try map.describeValues(node: node, depth: depth)
        } else {
            try value.encode(to: SchemaWritingEncoder(node: node, depth: depth + 1))
        }
    }

    private static func primitive(_ type: Any.Type) -> (JSONSchema, Any)? {
        switch type {
        case is String.Type: (.string, "string")
        case is Bool.Type: (.boolean, false)
        case let integer as any FixedWidthInteger.Type: (.integer, zero(integer))
        case let floating as any BinaryFloatingPoint.Type: (.number, zero(floating))
        default: nil
        }
    }

    private static func zero<N: Numeric>(_ type: N.Type) -> N { 0 }

    /// A `CaseIterable` enum with raw values is its list of allowed values.
    private static func enumeration(_ type: Any.Type) -> (JSONSchema, Any)? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        let cases = allCases(of: iterable)
        guard let first = cases.first else { return nil }
        let raw = cases.compactMap { ($0 as? any RawRepresentable)?.rawValue }
        if let strings = raw as? [String], strings.count == cases.count {
            return (.string(allowedValues: strings.map { AnyCodable($0) }), first)
        }
        if let integers = raw as? [Int], integers.count == cases.count {
            return (.integer(allowedValues: integers.map { AnyCodable($0) }), first)
        }
        return nil
    }

    private static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] { C.allCases.map { $0 } }
}

/// What the reflection has learnt about one value so far.
final class SchemaNode {
    enum Shape {
        case unknown, leaf(JSONSchema), object, array, map
    }

    var shape = Shape.unknown
    var nullable = false
    private var properties: [(key: String, node: SchemaNode, required: Bool)] = []
    private var child: SchemaNode?

    func property(_ key: String, required: Bool) -> SchemaNode {
        shape = .object
        if let index = properties.firstIndex(where: { $0.key == key }) {
            properties[index].required = properties[index].required || required
            return properties[index].node
        }
        let node = SchemaNode()
        properties.append((key, node, required))
        return node
    }

    /// The schema every element (of an array) or every value (of a string-keyed map) follows.
    func element(of shape: Shape) -> SchemaNode {
        self.shape = shape
        if let child { return child }
        let node = SchemaNode()
        child = node
        return node
    }

    var schema: JSONSchema {
        let schema: JSONSchema = switch shape {
        case .unknown: .fragment
        case let .leaf(leaf): leaf
        case .array: .array(items: child?.schema ?? .fragment)
        case .map: .object(additionalProperties: .b(child?.schema ?? .fragment))
        case .object:
            .object(properties: OrderedDictionary(properties.map { property in
                (property.key, property.required ? property.node.schema : property.node.schema.optionalSchemaObject())
            }, uniquingKeysWith: { first, _ in first }))
        }
        return nullable ? schema.nullableSchemaObject() : schema
    }
}

protocol OptionalValue {}
extension Optional: OptionalValue {}

/// `[String: Value]`, which decodes and encodes through dynamic keys the reflection cannot list.
protocol ReflectableStringMap {
    static func sample(node: SchemaNode, depth: Int) throws -> Self
    func describeValues(node: SchemaNode, depth: Int) throws
}

extension Dictionary: ReflectableStringMap where Key == String, Value: Codable {
    static func sample(node: SchemaNode, depth: Int) throws -> Self {
        ["key": try WireSchema.sample(Value.self, node: node.element(of: .map), depth: depth + 1)]
    }

    func describeValues(node: SchemaNode, depth: Int) throws {
        let values = node.element(of: .map)
        for value in self.values { try WireSchema.describe(value, node: values, depth: depth + 1) }
    }
}
