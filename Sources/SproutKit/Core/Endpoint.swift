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
