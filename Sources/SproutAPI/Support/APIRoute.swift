import Foundation

/// One operation of a contract, defined once: its method, its path with typed parameters, the
/// query it reads, its JSON body, its answer and the credential it needs. The server registers
/// its handler against this value and documents it from it (`DocumentedRoutes.on(_:)`), and
/// SproutKit builds its call from it (`Endpoint(_:_:)`), so neither writes the path again.
///
/// `Parameters` is what fills the path's `{…}` segments, in order (`Void` for none, `String` for
/// one); `Body` is the JSON request body (`NoBody` for none); `Answer` is the successful answer.
public struct APIRoute<Parameters, Body, Answer>: Sendable {
    public let method: APIMethod
    public let segments: [APIPathSegment]
    /// The query parameters the operation reads, by name.
    public let query: [String]
    public let credential: APICredential
    /// How many values `Parameters` holds.
    public let arity: Int
    private let values: @Sendable (Parameters) -> [String]

    /// `template` is the path without a leading slash, a parameter written `{name}`:
    /// `api/conversations/{conversation}/messages`. `values` lists `Parameters` in that order.
    init(_ method: APIMethod, _ template: String, query: [String], credential: APICredential, arity: Int,
         values: @escaping @Sendable (Parameters) -> [String]) {
        self.method = method
        segments = template.split(separator: "/").map { piece in
            piece.hasPrefix("{") && piece.hasSuffix("}") ? .parameter(String(piece.dropFirst().dropLast())) : .constant(String(piece))
        }
        self.query = query
        self.credential = credential
        self.arity = arity
        self.values = values
    }

    /// The path for `parameters`, without a leading slash.
    public func path(_ parameters: Parameters) -> String {
        var remaining = values(parameters)[...]
        return segments.map { segment in
            switch segment {
            case .constant(let text): text
            case .parameter: remaining.popFirst() ?? ""
            }
        }.joined(separator: "/")
    }

    /// The path as OpenAPI writes it: `/api/conversations/{conversation}/messages`.
    public var template: String {
        "/" + segments.map { segment in
            switch segment {
            case .constant(let text): text
            case .parameter(let name): "{\(name)}"
            }
        }.joined(separator: "/")
    }

    /// How many `{…}` segments the path has: `arity`, for a definition written right.
    public var parameterCount: Int {
        segments.count { if case .parameter = $0 { true } else { false } }
    }
}

extension APIRoute where Parameters == Void {
    public init(_ method: APIMethod, _ template: String, query: [String] = [], credential: APICredential) {
        self.init(method, template, query: query, credential: credential, arity: 0) { _ in [] }
    }

    public var path: String { path(()) }
}

extension APIRoute where Parameters == String {
    public init(_ method: APIMethod, _ template: String, query: [String] = [], credential: APICredential) {
        self.init(method, template, query: query, credential: credential, arity: 1) { [$0] }
    }
}

extension APIRoute where Parameters == (String, String) {
    public init(_ method: APIMethod, _ template: String, query: [String] = [], credential: APICredential) {
        self.init(method, template, query: query, credential: credential, arity: 2) { [$0.0, $0.1] }
    }
}

/// The HTTP methods the contracts use.
public enum APIMethod: String, Sendable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
}

/// A piece of a path: fixed text, or a `{name}` an operation's parameter fills.
public enum APIPathSegment: Sendable, Hashable {
    case constant(String)
    case parameter(String)
}

/// What proves who is calling.
public enum APICredential: String, Sendable {
    case none
    /// `Authorization: Bearer` with an access token from `/api/auth` (a refreshable session).
    case bearer
}

/// The body of an operation that takes none.
public struct NoBody: Codable, Sendable, Equatable {
    public init() {}
}

/// An operation whose answer is not JSON (Server-Sent Events, a file).
public struct NotJSON: Sendable {}

/// Any operation, whatever its types: what a catalogue of a contract's operations lists.
public struct AnyAPIRoute: Sendable, Hashable {
    public let method: String
    public let template: String
    public let query: [String]
    public let credential: APICredential
    /// Whether the path has as many `{…}` segments as its parameters have values.
    public let isWellFormed: Bool

    public init<Parameters, Body, Answer>(_ route: APIRoute<Parameters, Body, Answer>) {
        method = route.method.rawValue
        template = route.template
        query = route.query
        credential = route.credential
        isWellFormed = route.parameterCount == route.arity && !route.segments.isEmpty
    }
}
