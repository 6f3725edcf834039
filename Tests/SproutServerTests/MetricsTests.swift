import Foundation
import Platform
import PlatformCore
import SproutTestSupport
import Testing
import Vapor

/// `/metrics`: the operator's token, Prometheus' text, route patterns rather than paths.
/// The registry is the process's, shared by every test running at once, so these assert what
/// is there rather than exact counts.
@Suite struct MetricsTests {
    private let token = "scrape-\(UUID().uuidString)"

    private func withMetrics(rateLimit: RateLimitSettings = .off, _ test: (TestSprout) async throws -> Void) async throws {
        try await withSprout(configure: {
            $0.environment = EnvironmentReader(["SPROUT_METRICS_TOKEN": token])
            $0.rateLimit = rateLimit
        }, test)
    }

    @Test func onlyTheOperatorsTokenReadsTheMetrics() async throws {
        try await withMetrics { sprout in
            #expect(try await sprout.send(.GET, "metrics").status.code == 401)
            #expect(try await sprout.send(.GET, "metrics", headers: ["Authorization": "Bearer not-\(token)"]).status.code == 401)
            #expect(try await sprout.send(.GET, "metrics", headers: ["Authorization": "Basic \(token)"]).status.code == 401)
            let scraped = try await sprout.send(.GET, "metrics", headers: ["Authorization": "Bearer \(token)"])
            #expect(scraped.status.code == 200)
            #expect(scraped.headers.first(name: "Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        }
    }

    @Test func withoutATokenThereIsNoMetricsRoute() async throws {
        try await withSprout { sprout in
            let anonymous = try await sprout.send(.GET, "metrics")
            let guessing = try await sprout.send(.GET, "metrics", headers: ["Authorization": "Bearer anything"])
            #expect(anonymous.status.code == 404)
            #expect(guessing.status.code == 404)
        }
    }

    @Test func requestsAreCountedByRoutePatternNeverByPath() async throws {
        try await withMetrics { sprout in
            let secretID = "zz\(UUID().uuidString.prefix(8))"
            #expect(try await sprout.send(.GET, "api/products/\(secretID)").status.code == 404)
            #expect(try await sprout.send(.GET, "healthz").status.code == 200)
            #expect(try await sprout.send(.GET, "no/such/\(secretID)").status.code == 404)
            let text = String(buffer: try await sprout.send(.GET, "metrics", headers: ["Authorization": "Bearer \(token)"]).body)
            #expect(text.contains(#"http_requests_total{method="GET",path="/healthz",status="200"}"#))
            #expect(text.contains(#"http_requests_total{method="GET",path="/api/products/:id",status="404"}"#))
            #expect(text.contains(#"path="vapor_route_undefined""#))
            #expect(text.contains("http_request_duration_seconds_bucket"))
            #expect(!text.contains(secretID))
        }
    }

    @Test func refusalsByTheRateLimitAreCounted() async throws {
        try await withMetrics(rateLimit: .init(requestsPerMinutePerIP: 2, requestsPerMinutePerAccount: 0)) { sprout in
            var statuses: [UInt] = []
            for _ in 0..<4 { statuses.append(try await sprout.send(.GET, "api/products").status.code) }
            #expect(statuses.contains(429))
            let text = String(buffer: try await sprout.send(.GET, "metrics", headers: ["Authorization": "Bearer \(token)"]).body)
            #expect(text.contains(#"sprout_rate_limit_rejections_total{limit="ip"}"#))
        }
    }
}
