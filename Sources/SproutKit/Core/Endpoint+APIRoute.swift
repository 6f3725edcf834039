import Foundation
import SproutAPI

/// The calls a route defines, one initialiser for each kind of body a route can take, so the body
/// is the route's own type: a route without one is called without one, a JSON route with a value
/// of its `Body` (SproutKit encodes it), and only a route whose body SproutAPI does not type takes
/// a `RequestBody` assembled by hand.
extension Endpoint {
    /// The call `route` defines, which carries no body; `decode` reads the answer (a file, a status alone).
    public init<Parameters, Answer>(_ route: APIRoute<Parameters, NoBody, Answer>, _ parameters: Parameters,
                                    query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                                    decode: @escaping @Sendable (Data) throws -> Response) {
        self.init(route, parameters, query: query, headers: headers, encoded: .none, decode: decode)
    }

    /// The call `route` defines, with its JSON `body`; `decode` reads the answer.
    public init<Parameters, Body: Encodable, Answer>(_ route: APIRoute<Parameters, Body, Answer>, _ parameters: Parameters,
                                                     query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                                                     body: Body, decode: @escaping @Sendable (Data) throws -> Response) throws {
        self.init(route, parameters, query: query, headers: headers, encoded: try .json(body), decode: decode)
    }

    /// The call `route` defines, with a `body` of the kind it names (form fields, multipart parts);
    /// `decode` reads the answer.
    public init<Parameters, Body: UntypedBody, Answer>(_ route: APIRoute<Parameters, Body, Answer>, _ parameters: Parameters,
                                                       query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                                                       body: RequestBody, decode: @escaping @Sendable (Data) throws -> Response) {
        self.init(route, parameters, query: query, headers: headers, encoded: body, decode: decode)
    }

    private init<Parameters, Body, Answer>(_ route: APIRoute<Parameters, Body, Answer>, _ parameters: Parameters,
                                           query: [(name: String, value: String)], headers: [(name: String, value: String)],
                                           encoded body: RequestBody, decode: @escaping @Sendable (Data) throws -> Response) {
        self.init(method: route.method, path: route.path(parameters), query: query, headers: headers, body: body,
                  requiresAuthentication: route.credential.carriesSession, decode: decode)
    }
}

extension Endpoint where Response: Decodable {
    /// The call `route` defines, which carries no body; its answer is JSON.
    public init<Parameters>(_ route: APIRoute<Parameters, NoBody, Response>, _ parameters: Parameters,
                            query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = []) {
        self.init(route, parameters, query: query, headers: headers, decode: Self.json)
    }

    /// The call `route` defines, with its JSON `body`; its answer is JSON.
    public init<Parameters, Body: Encodable>(_ route: APIRoute<Parameters, Body, Response>, _ parameters: Parameters,
                                             query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                                             body: Body) throws {
        try self.init(route, parameters, query: query, headers: headers, body: body, decode: Self.json)
    }

    /// The call `route` defines, with a `body` of the kind it names; its answer is JSON.
    public init<Parameters, Body: UntypedBody>(_ route: APIRoute<Parameters, Body, Response>, _ parameters: Parameters,
                                               query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                                               body: RequestBody) {
        self.init(route, parameters, query: query, headers: headers, body: body, decode: Self.json)
    }

    /// The call `route` defines, which has no path parameters and carries no body.
    public init(_ route: APIRoute<Void, NoBody, Response>, query: [(name: String, value: String)] = [],
                headers: [(name: String, value: String)] = []) {
        self.init(route, (), query: query, headers: headers)
    }

    /// The call `route` defines, which has no path parameters, with its JSON `body`.
    public init<Body: Encodable>(_ route: APIRoute<Void, Body, Response>, query: [(name: String, value: String)] = [],
                                 headers: [(name: String, value: String)] = [], body: Body) throws {
        try self.init(route, (), query: query, headers: headers, body: body)
    }

    /// The call `route` defines, which has no path parameters, with a `body` of the kind it names.
    public init<Body: UntypedBody>(_ route: APIRoute<Void, Body, Response>, query: [(name: String, value: String)] = [],
                                   headers: [(name: String, value: String)] = [], body: RequestBody) {
        self.init(route, (), query: query, headers: headers, body: body)
    }

    private static var json: @Sendable (Data) throws -> Response {
        { try JSONDecoder().decode(Response.self, from: $0) }
    }
}
