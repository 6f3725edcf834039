import OpenAPIKit

/// A schema as one line a person reads at a glance on `/docs`: `{ email: string, page?: integer | null }`,
/// named components written by name once they nest, lists as `[…]`.
struct SchemaOutline {
    let components: OpenAPI.Components

    /// Deep enough for every answer's own fields and its items' fields.
    private static let depthLimit = 3

    func text(_ schema: JSONSchema, depth: Int = 0) -> String {
        let outline: String = switch schema.value {
        case let .reference(reference, _): referenced(reference, depth: depth)
        case let .object(_, object) where !object.properties.isEmpty: fields(object, depth: depth)
        case let .object(_, object): object.additionalProperties?.b.map { "{ string: \(text($0, depth: depth + 1)) }" } ?? "object"
        case let .array(_, array): "[\(array.items.map { text($0, depth: depth + 1) } ?? "any")]"
        case .string: schema.allowedValues.map { $0.map { "\"\($0)\"" }.joined(separator: " | ") } ?? "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        case let .one(of: schemas, _), let .any(of: schemas, _): schemas.map { text($0, depth: depth + 1) }.joined(separator: " | ")
        case .all, .not, .fragment: "any"
        }
        return schema.nullable ? "\(outline) | null" : outline
    }

    private func fields(_ object: JSONSchema.ObjectContext, depth: Int) -> String {
        guard depth < Self.depthLimit else { return "{ … }" }
        let fields = object.properties.map { name, schema in
            "\(name)\(schema.required ? "" : "?"): \(text(schema, depth: depth + 1))"
        }
        return "{ \(fields.joined(separator: ", ")) }"
    }

    /// A component is spelled out where it is the whole body, and named where it nests.
    private func referenced(_ reference: JSONReference<JSONSchema>, depth: Int) -> String {
        guard let name = reference.name else { return "any" }
        guard depth == 0, let key = OpenAPI.ComponentKey(rawValue: name), let schema = components.schemas[key] else { return name }
        return text(schema, depth: depth)
    }
}
