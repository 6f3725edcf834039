import Foundation
import OpenAPIKit
import Synchronization
import Vapor

/// One API's OpenAPI document, filled in as its routes are registered through `DocumentedRoutes`,
/// so that a route cannot exist without its description.
public final class APIDocument: Sendable {
    public let name: String
    let title: String
    let summary: String
    private let operations = Mutex<[(path: String, method: HTTPMethod, operation: OpenAPI.Operation)]>([])

    public init(name: String, title: String, summary: String) {
        self.name = name
        self.title = title
        self.summary = summary
    }

    func add(method: HTTPMethod, path: [PathComponent], operation: APIOperation) {
        let parameters = path.compactMap { component -> String? in
            switch component {
            case let .parameter(name): name
            case .catchall: "path"
            default: nil
            }
        }
        let entry = (Self.openAPIPath(path), method, operation.openAPI(pathParameters: parameters, tag: name))
        operations.withLock { $0.append(entry) }
    }

    /// The OpenAPI form of a Vapor path: `/v1/posts/{post_id}`.
    public static func openAPIPath(_ path: [PathComponent]) -> String {
        "/" + path.map { component in
            switch component {
            case let .constant(value): value
            case let .parameter(name): "{\(name)}"
            case .anything: "{segment}"
            case .catchall: "{path}"
            }
        }.joined(separator: "/")
    }

    /// Every (method, path) this document describes, for the route-coverage test.
    public var describedRoutes: Set<String> {
        operations.withLock { Set($0.map { "\($0.method.rawValue) \($0.path)" }) }
    }

    public var openAPI: OpenAPI.Document {
        var paths = OpenAPI.PathItem.Map()
        for entry in operations.withLock({ $0 }) {
            let key = OpenAPI.Path(rawValue: entry.path)
            var item = paths[key]?.pathItemValue ?? OpenAPI.PathItem()
            switch entry.method {
            case .GET: item.get = entry.operation
            case .POST: item.post = entry.operation
            case .PUT: item.put = entry.operation
            case .PATCH: item.patch = entry.operation
            case .DELETE: item.delete = entry.operation
            case .HEAD: item.head = entry.operation
            case .OPTIONS: item.options = entry.operation
            default: continue
            }
            paths[key] = .pathItem(item)
        }
        return OpenAPI.Document(
            openAPIVersion: .v3_1_1,
            info: .init(title: title, description: summary, version: "1.0.0"),
            servers: [],
            paths: paths,
            components: .noComponents
        )
    }

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(openAPI)
    }
}
