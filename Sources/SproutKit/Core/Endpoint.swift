import Foundation
import SproutAPI

/// HTTP methods the contracts use (SproutAPI's, which the route definitions name).
public typealias HTTPMethod = APIMethod

/// One call to a Sprout API: where it goes, what it carries, and how to read the answer.
/// Build one per contract endpoint (see `LessonsClient`) and send it with `APIClient`.
public struct Endpoint<Response: Sendable>: Sendable {
    public var method: HTTPMethod
    /// Relative to the client's base URL, without a leading slash: `v1/users/login`.
    public var path: String
    /// In order; a key may repeat. An empty value is sent as `key=`, as the published clients do.
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var body: RequestBody
    /// Whether the call carries the access token (and may be refreshed and retried once on expiry).
    public var requiresAuthentication: Bool
    public var decode: @Sendable (Data) throws -> Response

    public init(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [],
        body: RequestBody = .none,
        requiresAuthentication: Bool = false,
        decode: @escaping @Sendable (Data) throws -> Response
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.requiresAuthentication = requiresAuthentication
        self.decode = decode
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint whose answer is JSON decoded into `Response`.
    public init(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [],
        body: RequestBody = .none,
        requiresAuthentication: Bool = false
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body, requiresAuthentication: requiresAuthentication) { data in
            try JSONDecoder().decode(Response.self, from: data)
        }
    }
}

extension Endpoint {
    /// The call `route` defines, whose answer is not JSON (no body, a file): `decode` reads it.
    public init<Parameters, Body, Answer>(_ route: APIRoute<Parameters, Body, Answer>, _ parameters: Parameters,
                                          query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                                          body: RequestBody = .none, decode: @escaping @Sendable (Data) throws -> Response) {
        self.init(method: route.method, path: route.path(parameters), query: query, headers: headers, body: body,
                  requiresAuthentication: route.credential.carriesSession, decode: decode)
    }
}

extension Endpoint where Response: Decodable {
    /// The call `route` defines, for `parameters` (a JSON body: `try .json(value)`).
    public init<Parameters, Body>(_ route: APIRoute<Parameters, Body, Response>, _ parameters: Parameters, query: [(name: String, value: String)] = [],
                                  headers: [(name: String, value: String)] = [], body: RequestBody = .none) {
        self.init(method: route.method, path: route.path(parameters), query: query, headers: headers, body: body,
                  requiresAuthentication: route.credential.carriesSession)
    }

    /// The call `route` defines, which has no path parameters.
    public init<Body>(_ route: APIRoute<Void, Body, Response>, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                      body: RequestBody = .none) {
        self.init(route, (), query: query, headers: headers, body: body)
    }
}
