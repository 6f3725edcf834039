import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

/// The Sprout these tests call: `SPROUT_URL` and `SPROUT_DEV_KEY`, set by
/// `Tests/blackbox/test_openapi_clients.py`, which starts the server and runs `swift test` here.
enum RunningSprout {
    static let environment = ProcessInfo.processInfo.environment
    static let isConfigured = environment["SPROUT_URL"] != nil

    static func url() throws -> URL {
        try #require(URL(string: environment["SPROUT_URL"] ?? ""))
    }

    static var devKey: String { environment["SPROUT_DEV_KEY"] ?? "" }

    static let transport = URLSessionTransport()

    /// A name no earlier run has used.
    static func unique(_ prefix: String) -> String {
        "\(prefix)\(UUID().uuidString.prefix(8).lowercased())"
    }
}

/// Adds credential header fields to every request, which is how a generated client sends what a
/// document declares as security schemes.
struct Credentials: ClientMiddleware {
    let fields: [(name: String, value: String)]

    init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        for field in fields {
            guard let name = HTTPField.Name(field.name) else { continue }
            request.headerFields[name] = field.value
        }
        return try await next(request, body, baseURL)
    }
}
