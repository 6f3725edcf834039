import Fluent
import Vapor

/// `GET /healthz`: 200 while the database answers, 503 when it does not, for load balancers.
public struct HealthController: Sendable {
    /// The answer, with either status: load balancers read the code, people the words.
    public struct Health: Content {
        public let status: String
        public let database: String
    }

    let probe: HealthProbe

    /// Checks `database` (the pool every request uses, so a wedged pool is reported).
    public init(database: @escaping @Sendable () -> any Database) {
        probe = HealthProbe { await DatabaseSetup.isReachable(database()) }
    }

    @Sendable public func health(_ req: Request) async throws -> Response {
        let up = await probe.isReachable()
        let response = try await Health(status: up ? "ok" : "unavailable", database: up ? "ok" : "unreachable").encodeResponse(for: req)
        response.status = up ? .ok : .serviceUnavailable
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
