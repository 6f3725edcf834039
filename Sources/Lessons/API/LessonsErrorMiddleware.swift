import SproutAPI
import Vapor

/// Shapes every error under the lessons API as `{ "message": … }` with a status from the contract.
/// Framework errors are translated to the nearest contract code, so a client that knows only the
/// contract's codes never sees another one (a body over the limit is a 400, not a 413).
struct LessonsErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let lessonsError = Self.translate(error)
            if lessonsError == .serverError {
                request.logger.error("lessons request failed", metadata: ["error": .string(String(reflecting: error))])
            }
            let response = Response(status: lessonsError.status)
            try response.content.encode(Lessons.Message(message: lessonsError.message), as: .json)
            if let retryAfter = (error as? any AbortError)?.headers.first(name: "Retry-After") {
                response.headers.replaceOrAdd(name: "Retry-After", value: retryAfter)
            }
            return response
        }
    }

    static func translate(_ error: any Error) -> LessonsError {
        if let ruled = LessonsError(rule: error) { return ruled }
        switch error {
        case let error as LessonsError:
            return error
        case is DecodingError:
            return .missingValue
        case let abort as any AbortError:
            switch abort.status.code {
            case 400, 413, 415, 422: return .missingValue
            case 401: return .invalidToken
            case 403: return .forbidden
            case 404: return .invalidURL
            case 429: return .tooManyRequests
            case 503: return .unavailable
            default: return .serverError
            }
        default:
            return .serverError
        }
    }
}
