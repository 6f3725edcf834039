import OpenAPIKit

/// The document's `components/schemas`: each wire type under its own name, so a generated client
/// gets a `LoginResponse` rather than a type named after the operation, and a schema used by many
/// operations (the error body, a post) is written once.
struct NamedSchemas {
    private(set) var components = OpenAPI.ComponentDictionary<JSONSchema>()

    /// A reference to `schema` stored under `name`, or under a numbered name when another schema
    /// already has it; the schema itself when it is not an object or `name` cannot be a key.
    mutating func reference(to schema: JSONSchema, named name: String) -> JSONSchema {
        guard schema.jsonType == .object else { return schema }
        for candidate in [name] + (2...9).map({ "\(name)\($0)" }) {
            guard let key = OpenAPI.ComponentKey(rawValue: candidate) else { return schema }
            if let existing = components[key], existing != schema { continue }
            components[key] = schema
            return .reference(.component(named: candidate))
        }
        return schema
    }
}
