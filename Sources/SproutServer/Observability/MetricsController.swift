import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// `GET /metrics` in Prometheus' text format, for a scraper holding `SPROUT_METRICS_TOKEN` as its
/// bearer token. Without the setting the route does not exist: the counts (route patterns, error
/// rates, open sessions) are for the operator, not for whoever finds the public port.
struct MetricsController {
    let token: String

    init?(_ environment: EnvironmentReader) {
        guard let token = environment.string("SPROUT_METRICS_TOKEN"), !token.isEmpty else { return nil }
        self.token = token
    }

    func register(on api: DocumentedRoutes) {
        api.onResponse(ServerRoutes.metrics, doc: .init(
            "Metrics for Prometheus",
            description: "Requests by method, route pattern and status with latency histograms, database write waits, image batches, realtime sessions and rate-limit refusals. Only when SPROUT_METRICS_TOKEN is set.",
            headers: [.init("Authorization", required: true, "Bearer SPROUT_METRICS_TOKEN")],
            responses: [200: "The metrics", 401: "No or another token"], responseContent: "text/plain"
        ), use: metrics)
    }

    func metrics(_ req: Request) async throws -> Response {
        guard let presented = req.headers.bearerAuthorization?.token, constantTimeEquals(presented, token) else {
            throw Abort(.unauthorized, headers: ["WWW-Authenticate": "Bearer"])
        }
        var body = ByteBuffer()
        body.writeBytes(MetricsRegistry.shared.emitToBuffer())
        return Response(status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"], body: .init(buffer: body))
    }
}
