import Platform
import Vapor

/// Every lessons call must carry a registered API key in the `SesacKey` header (420 otherwise).
struct SesacKeyMiddleware: AsyncMiddleware {
    let apiKeys: APIKeyRegistry

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let key = request.headers.first(name: "SesacKey") ?? ""
        guard try await apiKeys.isValid(key, for: request) else { throw LessonsError.invalidAPIKey }
        return try await next.respond(to: request)
    }
}
