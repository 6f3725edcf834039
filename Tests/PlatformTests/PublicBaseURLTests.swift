import Platform
import SproutTestSupport
import Testing
import Vapor

/// Absolute links name the configured URL, else the request's `Host` when it is a plain host
/// name, else the address Sprout listens on: a hostile `Host` never reaches a link.
@Suite struct PublicBaseURLTests {
    @Test(arguments: [
        ("shop.example", "http://shop.example"),
        ("shop.example:8080", "http://shop.example:8080"),
        ("[::1]:8080", "http://[::1]:8080"),
        ("10.0.0.7", "http://10.0.0.7"),
        ("", nil),
        ("evil.example\"><script>", nil),
        ("evil.example/path", nil),
        ("도토리.kr", nil),
        ("evil.example ", nil),
        (String(repeating: "a", count: 256), nil),
        (String(repeating: "a", count: 255), "http://" + String(repeating: "a", count: 255)),
    ] as [(String, String?)])
    func fromTheHostHeader(host: String, expected: String?) async throws {
        try await withSprout { sprout in
            let request = sprout.request()
            request.headers.replaceOrAdd(name: .host, value: host)
            let listening = "http://\(sprout.app.http.server.configuration.hostname):\(sprout.app.http.server.configuration.port)"
            #expect(request.publicBaseURL(configured: nil) == (expected ?? listening))
            #expect(request.publicBaseURL(configured: "https://sprout.example/") == "https://sprout.example")
        }
    }
}
