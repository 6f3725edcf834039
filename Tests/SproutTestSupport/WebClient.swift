import Foundation
import Vapor
import VaporTesting

/// A minimal browser for in-process page tests: keeps cookies, reads the CSRF field from forms,
/// posts forms URL-encoded as a browser does.
public final class WebClient {
    public let sprout: TestSprout
    public var cookies: [String: String] = [:]
    public var language: String?

    public init(_ sprout: TestSprout) { self.sprout = sprout }

    @discardableResult
    public func get(_ path: String) async throws -> TestingHTTPResponse {
        let response = try await sprout.send(.GET, path, headers: headers())
        remember(response)
        return response
    }

    @discardableResult
    public func post(_ path: String, form: [String: String], csrf: String? = nil, headers extra: [String: String] = [:]) async throws -> TestingHTTPResponse {
        var fields = form
        if let csrf { fields["_csrf"] = csrf }
        let body = fields.map { "\(escape($0.key))=\(escape($0.value))" }.joined(separator: "&")
        let response = try await sprout.send(.POST, path, headers: headers(extra.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 }), body: body)
        remember(response)
        return response
    }

    /// The CSRF token the page at `path` puts in its forms.
    public func csrfToken(from path: String) async throws -> String {
        let html = String(buffer: try await get(path).body)
        guard let range = html.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression) else { return "" }
        return String(html[range]).replacingOccurrences(of: #"name="_csrf" value=""#, with: "").replacingOccurrences(of: "\"", with: "")
    }

    /// Posts a multipart form (file inputs), with the CSRF field first as a browser sends it.
    @discardableResult
    public func postMultipart(_ path: String, csrf: String, build: (inout MultipartBody) -> Void) async throws -> TestingHTTPResponse {
        var body = MultipartBody()
        body.add(name: "_csrf", Data(csrf.utf8))
        build(&body)
        let response = try await sprout.send(.POST, path, headers: headers(["Content-Type": body.contentType]), body: body.bytes)
        remember(response)
        return response
    }

    private func headers(_ extra: [String: String] = [:]) -> [String: String] {
        var headers = extra
        if !cookies.isEmpty { headers["Cookie"] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if let language { headers["Accept-Language"] = language }
        return headers
    }

    private func remember(_ response: TestingHTTPResponse) {
        for header in response.headers[.setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = String(pair[0]), value = String(pair[1])
            if value.isEmpty || header.lowercased().contains("max-age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
    }

    private func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }
}
