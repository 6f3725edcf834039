import Fluent
import Vapor

/// `GET /healthz`: 200 while the database answers, 503 when it does not, for load balancers.
public enum HealthController {
    /// The answer, with either status: load balancers read the code, people the words.
    public struct Health: Content {
        public let status: String
        public let database: String
    }

    @Sendable public static func health(_ req: Request) async throws -> Response {
        let up = await DatabaseSetup.isReachable(req.db)
        let response = try await Health(status: up ? "ok" : "unavailable", database: up ? "ok" : "unreachable").encodeResponse(for: req)
        response.status = up ? .ok : .serviceUnavailable
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
