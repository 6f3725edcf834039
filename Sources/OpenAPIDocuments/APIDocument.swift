import Foundation
import OpenAPIKit
import PlatformCore
import Synchronization
import Vapor

/// One API's OpenAPI document, filled in as its routes are registered through `DocumentedRoutes`,
/// so that a route cannot exist without its description.
public final class APIDocument: Sendable {
    public let name: String
    let title: String
    let summary: String
    /// The contract's error body, shared by every status from 400 up.
    let errors: ErrorBody

    /// How a contract answers its errors.
    public enum ErrorFormat {
        /// A JSON body of this wire type.
        case json(any Decodable.Type)
        /// A short text.
        case text
    }

    enum ErrorBody {
        case json(JSONSchema)
        case text
    }
    /// The headers that carry credentials: documented as the contract's security schemes rather
    /// than as parameters, which is how client generators expect them (a middleware adds them).
    let credentials: [Credential]
    /// The status this contract answers a body in a media type the route does not read with:
    /// 415, or the contract's own code for bad input where its clients know no other.
    let mediaTypeRefusal: Int
    private let operations = Mutex<[Entry]>([])

    private struct Entry {
        let path: String
        let method: HTTPMethod
        let id: String
        let pathParameters: [String]
        let operation: APIOperation
    }

    /// A header that carries a credential, e.g. LSLP's `SesacKey` or a bearer token.
    public struct Credential: Sendable {
        let header: String
        /// The scheme's name in `components/securitySchemes`.
        let name: String
        let scheme: OpenAPI.SecurityScheme

        /// A key or token sent as is in `header`.
        public static func key(_ header: String, _ description: String) -> Credential {
            Credential(header: header, name: header, scheme: .apiKey(name: header, location: .header, description: description))
        }

        /// `Authorization: Bearer <token>`.
        public static func bearer(_ description: String) -> Credential {
            Credential(header: "Authorization", name: "bearer", scheme: .http(scheme: "bearer", description: description))
        }
    }

    public init(
        name: String, title: String, summary: String, errors: ErrorFormat, credentials: [Credential] = [],
        mediaTypeRefusal: Int = 415
    ) {
        self.name = name
        self.title = title
        self.summary = summary
        self.errors = switch errors {
        case let .json(type): .json(APIOperation.Body.schema(of: type))
        case .text: .text
        }
        self.credentials = credentials
        self.mediaTypeRefusal = mediaTypeRefusal
    }

    func add(method: HTTPMethod, path: [PathComponent], operation: APIOperation) {
        var operation = operation
        // `ConditionalGetMiddleware` answers any read whose ETag the client sent back.
        if method == .GET, operation.responses[304] == nil {
            operation.responses[304] = "Not modified: If-None-Match names the current ETag"
        }
        // `DocumentedRoutes` refuses a body in any other media type than the operation's.
        if operation.body != nil, operation.responses[mediaTypeRefusal] == nil {
            operation.responses[mediaTypeRefusal] = "The body's Content-Type is not one this route reads"
        }
        let parameters = path.compactMap { component -> String? in
            switch component {
            case let .parameter(name): name
            case .catchall: "path"
            default: nil
            }
        }
        let entry = Entry(
            path: Self.openAPIPath(path), method: method, id: Self.operationID(method: method, path: path),
            pathParameters: parameters, operation: operation
        )
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

    /// A name for the operation that client generators turn into a method name:
    /// `GET /v1/posts/{post_id}/comments` is `getV1PostsByPostIdComments`.
    static func operationID(method: HTTPMethod, path: [PathComponent]) -> String {
        let words = path.flatMap { component -> [String] in
            switch component {
            case let .constant(value): value.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            case let .parameter(name): ["by"] + name.split(separator: "_").map(String.init)
            case .anything: ["segment"]
            case .catchall: ["path"]
            }
        }
        return method.rawValue.lowercased() + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Every (method, path) this document describes, for the route-coverage test.
    public var describedRoutes: Set<String> {
        operations.withLock { Set($0.map { "\($0.method.rawValue) \($0.path)" }) }
    }

    public var openAPI: OpenAPI.Document {
        var schemas = NamedSchemas()
        let errorContent: OpenAPI.Content.Map = switch errors {
        case let .json(schema): [.json: .b(OpenAPI.Content(schema: schemas.reference(to: schema, named: "Error")))]
        case .text: [.txt: .b(OpenAPI.Content(schema: .string))]
        }
        var paths = OpenAPI.PathItem.Map()
        for entry in operations.withLock({ $0 }) {
            let key = OpenAPI.Path(rawValue: entry.path)
            let operation = entry.operation.openAPI(
                id: entry.id, pathParameters: entry.pathParameters, tag: name, errorContent: errorContent,
                credentials: credentials, schemas: &schemas
            )
            var item = paths[key]?.pathItemValue ?? OpenAPI.PathItem()
            switch entry.method {
            case .GET: item.get = operation
            case .POST: item.post = operation
            case .PUT: item.put = operation
            case .PATCH: item.patch = operation
            case .DELETE: item.delete = operation
            case .HEAD: item.head = operation
            case .OPTIONS: item.options = operation
            default: continue
            }
            paths[key] = .pathItem(item)
        }
        let securitySchemes = OpenAPI.ComponentReferenceDictionary<OpenAPI.SecurityScheme>(credentials.compactMap { credential in
            OpenAPI.ComponentKey(rawValue: credential.name).map { ($0, .b(credential.scheme)) }
        }, uniquingKeysWith: { first, _ in first })
        return OpenAPI.Document(
            openAPIVersion: .v3_1_1,
            info: .init(title: title, description: summary, version: "1.0.0"),
            servers: [],
            paths: paths,
            components: OpenAPI.Components(schemas: schemas.components, securitySchemes: securitySchemes)
        )
    }

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(openAPI)
    }
}
