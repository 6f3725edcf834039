import Foundation
import SproutTestSupport
import Testing

/// One anonymous request once stopped the process: a multipart body MultipartKit traps on, sent
/// to any route that reads a body (JSON routes too, since bodies are decoded by their declared
/// type, and the web forms, whose CSRF check reads the body first).
@Suite struct HostileBodyTests {
    static let anonymousRoutes = ["api/products", "api/auth/login", "api/auth/join", "api/auth/refresh", "login", "signup", "market/sell"]

    @Test(arguments: HostileBodies.multipart + HostileBodies.malformedMultipart)
    func everyBodyReadingRouteAnswers4xx(body: HostileBodies.Body) async throws {
        try await withSprout { sprout in
            for path in Self.anonymousRoutes {
                let response = try await sprout.send(.POST, path, headers: ["Content-Type": body.contentType], body: body.bytes)
                #expect((400..<500).contains(response.status.code), "\(path): \(response.status.code)")
            }
            let login = try await sprout.send(.POST, "v1/users/login", headers: sprout.lessonsHeaders(["Content-Type": body.contentType]), body: body.bytes)
            #expect((400..<500).contains(login.status.code), "v1/users/login: \(login.status.code)")
            #expect(try await sprout.send(.GET, "healthz").status.code == 200)
        }
    }
}
