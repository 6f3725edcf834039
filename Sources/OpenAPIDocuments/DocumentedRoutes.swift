import PlatformCore
import Vapor

/// A `RoutesBuilder` for API routes that records each route in an `APIDocument` as it registers it.
public struct DocumentedRoutes {
    let routes: any RoutesBuilder
    let prefix: [PathComponent]
    public let document: APIDocument

    /// JSON bodies are small; routes that take uploads pass their own, larger limit.
    public static let jsonBodyLimit: ByteCount = "1mb"

    public init(_ routes: any RoutesBuilder, document: APIDocument) {
        self.routes = routes
        self.prefix = []
        self.document = document
    }

    private init(routes: any RoutesBuilder, prefix: [PathComponent], document: APIDocument) {
        self.routes = routes
        self.prefix = prefix
        self.document = document
    }

    public func grouped(_ path: PathComponent...) -> DocumentedRoutes {
        DocumentedRoutes(routes: routes.grouped(path), prefix: prefix + path, document: document)
    }

    public func grouped(_ middleware: any Middleware...) -> DocumentedRoutes {
        grouped(middleware)
    }

    public func grouped(_ middleware: [any Middleware]) -> DocumentedRoutes {
        DocumentedRoutes(routes: InlineMiddlewareGroup(root: routes, middleware: middleware), prefix: prefix, document: document)
    }

    /// Registers a handler whose answer is encoded as JSON with status 200, and its description.
    /// `body` is how much of the request body to collect before the handler runs; anything larger
    /// is refused (413) before it is read.
    @discardableResult
    public func on<Body: Encodable & Sendable>(
        _ method: HTTPMethod,
        _ path: PathComponent...,
        body: HTTPBodyStreamStrategy = .collect(maxSize: DocumentedRoutes.jsonBodyLimit),
        doc operation: APIOperation,
        use handler: @escaping @Sendable (Request) async throws -> Body
    ) -> Route {
        on(method, path, body: body, doc: operation, use: handler)
    }

    func on<Body: Encodable & Sendable>(
        _ method: HTTPMethod,
        _ path: [PathComponent],
        body: HTTPBodyStreamStrategy,
        doc operation: APIOperation,
        use handler: @escaping @Sendable (Request) async throws -> Body
    ) -> Route {
        var operation = operation
        operation.answer = (try? WireSchema.answer(Body.self)) ?? .undescribed
        return register(method, path, body: body, doc: operation) { req in JSONResponse(body: try await handler(req)) }
    }

    /// Registers a handler that builds its own response (files, documents, redirects).
    @discardableResult
    public func onResponse<Response: AsyncResponseEncodable>(
        _ method: HTTPMethod,
        _ path: PathComponent...,
        body: HTTPBodyStreamStrategy = .collect(maxSize: DocumentedRoutes.jsonBodyLimit),
        doc operation: APIOperation,
        use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        register(method, path, body: body, doc: operation, use: handler)
    }

    func register<Response: AsyncResponseEncodable>(
        _ method: HTTPMethod,
        _ path: [PathComponent],
        body: HTTPBodyStreamStrategy,
        doc operation: APIOperation,
        use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        document.add(method: method, path: prefix + path, operation: operation)
        guard let requestBody = operation.body else { return routes.on(method, path, body: body, use: handler) }
        return routes.on(method, path, body: body) { req in
            try requestBody.admit(req.headers)
            return try await handler(req)
        }
    }
}

/// A wire type from `SproutAPI` sent as JSON; those types stay free of Vapor so the SDK can share them.
package struct JSONResponse<Body: Encodable & Sendable>: AsyncResponseEncodable {
    let body: Body

    package init(body: Body) {
        self.body = body
    }

    package func encodeResponse(for request: Request) async throws -> Response {
        try await EncodedJSON(WireJSON.encoder().encode(body)).encodeResponse(for: request)
    }
}
