import Foundation
import SproutTestSupport
import Testing

@Suite struct HealthAndRequestIDTests {
    @Test func healthzReportsTheDatabase() async throws {
        try await withSprout { sprout in
            let response = try await sprout.send(.GET, "healthz")
            #expect(response.status.code == 200)
            #expect(try response.jsonObject() as? [String: String] == ["status": "ok", "database": "ok"])
        }
    }

    @Test func everyResponseCarriesARequestID() async throws {
        try await withSprout { sprout in
            let echoed = try await sprout.send(.GET, "healthz", headers: ["X-Request-Id": "trace-123"])
            #expect(echoed.headers.first(name: "X-Request-Id") == "trace-123")
            let generated = try await sprout.send(.GET, "no/such/route")
            #expect(generated.status.code == 404)
            #expect((generated.headers.first(name: "X-Request-Id") ?? "").count >= 16)
            let hostile = try await sprout.send(.GET, "healthz", headers: ["X-Request-Id": "evil id\u{7f}" + String(repeating: "x", count: 300)])
            let replaced = try #require(hostile.headers.first(name: "X-Request-Id"))
            #expect(!replaced.contains("evil"))
        }
    }
}
