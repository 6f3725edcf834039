import SproutAPI
import Vapor

/// Handlers registered against the operations SproutAPI defines (`APIRoute`): the method and
/// path come from the definition, and so do the document's credential header, JSON body and
/// answer, so what the server answers and what SproutKit calls cannot drift apart. `doc` adds
/// what only people read: the summary, the statuses and what they mean, and the query's types
/// (a query name `doc` does not describe is documented as optional text).
extension DocumentedRoutes {
    /// The bearer credential as every document names it.
    public static let bearer = APIOperation.Parameter("Authorization", required: true, "Bearer access token from /api/auth/login")

    /// Registers a handler whose answer is the definition's, encoded as JSON with status 200.
    @discardableResult
    public func on<Parameters, Body, Answer: Encodable & Sendable>(
        _ route: APIRoute<Parameters, Body, Answer>,
        body: HTTPBodyStreamStrategy = .collect(maxSize: DocumentedRoutes.jsonBodyLimit),
        doc operation: APIOperation,
        use handler: @escaping @Sendable (Request) async throws -> Answer
    ) -> Route {
        let (method, path) = Self.place(route)
        return on(method, path, body: body, doc: Self.described(operation, by: route), use: handler)
    }

    /// Registers a handler that builds its own response (another status, a stream, no body).
    @discardableResult
    public func onResponse<Parameters, Body, Answer, Response: AsyncResponseEncodable>(
        _ route: APIRoute<Parameters, Body, Answer>,
        body: HTTPBodyStreamStrategy = .collect(maxSize: DocumentedRoutes.jsonBodyLimit),
        doc operation: APIOperation,
        use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        let (method, path) = Self.place(route)
        return register(method, path, body: body, doc: Self.described(operation, by: route), use: handler)
    }

    private static func place<Parameters, Body, Answer>(_ route: APIRoute<Parameters, Body, Answer>) -> (HTTPMethod, [PathComponent]) {
        (HTTPMethod(rawValue: route.method.rawValue), route.pathTemplate.components)
    }

    private static func described<Parameters, Body, Answer>(_ operation: APIOperation, by route: APIRoute<Parameters, Body, Answer>) -> APIOperation {
        var operation = operation
        if route.credential == .bearer, !operation.headers.contains(where: { $0.name == bearer.name }) {
            operation.headers.insert(bearer, at: 0)
        }
        for name in route.query where !operation.query.contains(where: { $0.name == name }) {
            operation.query.append(.init(name))
        }
        if operation.body == nil, Body.self != NoBody.self, let json = Body.self as? any Decodable.Type {
            operation.body = .json(json)
        }
        if operation.answer == nil, Answer.self != NoBody.self, Answer.self != NotJSON.self, let answer = Answer.self as? any Codable.Type {
            operation.answer = (try? WireSchema.answer(answer)) ?? .undescribed
        }
        return operation
    }
}
