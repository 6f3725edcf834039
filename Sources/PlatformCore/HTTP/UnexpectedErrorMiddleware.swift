import Vapor

/// The outermost error boundary. API modules shape their own errors; anything that escapes them,
/// or a route outside every module, ends here. A deliberate `Abort` keeps its status; anything
/// else is logged with the request id and answered as a bare 500 that leaks nothing.
public struct UnexpectedErrorMiddleware: Middleware {
    public init() {}

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in
            if let decoding = error as? DecodingError {
                return Self.response(status: .badRequest, reason: DecodingProblem.reason(decoding), headers: [:], for: request)
            }
            if let abort = error as? any AbortError {
                return Self.response(status: abort.status, reason: abort.reason, headers: abort.headers, for: request)
            }
            request.logger.error("unexpected error", metadata: ["error": .string(String(reflecting: error))])
            return Self.response(status: .internalServerError, reason: "Internal Server Error", headers: [:], for: request)
        }
    }

    static func response(status: HTTPResponseStatus, reason: String, headers: HTTPHeaders, for request: Request) -> Response {
        var headers = headers
        headers.replaceOrAdd(name: .contentType, value: "application/json; charset=utf-8")
        let body = (try? JSONEncoder().encode(ErrorBody(error: true, reason: reason))) ?? Data()
        return Response(status: status, headers: headers, body: .init(data: body))
    }
}

/// Vapor's own error shape, which the 2021 open-market server (a Vapor app) also answered with.
public struct ErrorBody: Codable, Sendable {
    public let error: Bool
    public let reason: String
}
