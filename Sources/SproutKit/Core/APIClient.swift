import Foundation

/// Sends endpoints to one server contract: adds the base URL, the contract's fixed headers and the
/// access token, refreshes an expired token once (sharing the refresh among concurrent calls) and
/// retries the call once, and turns failures into `SproutError`.
public struct APIClient: Sendable {
    public let baseURL: URL
    public let contract: Contract
    public let session: AuthSession
    let transport: any Transport
    let fixedHeaders: [(name: String, value: String)]
    let authorizationHeader: @Sendable (String) -> (name: String, value: String)
    /// The status that means "access token expired, refresh and retry".
    let expiredStatus: Int
    let refresher: AuthSession.Refresher?

    public init(
        baseURL: URL,
        contract: Contract,
        transport: any Transport = URLSessionTransport(),
        session: AuthSession = AuthSession(),
        fixedHeaders: [(name: String, value: String)] = [],
        authorizationHeader: @escaping @Sendable (String) -> (name: String, value: String) = { ("Authorization", $0) },
        expiredStatus: Int = 419,
        refresher: AuthSession.Refresher? = nil
    ) {
        self.baseURL = baseURL
        self.contract = contract
        self.transport = transport
        self.session = session
        self.fixedHeaders = fixedHeaders
        self.authorizationHeader = authorizationHeader
        self.expiredStatus = expiredStatus
        self.refresher = refresher
    }

    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        guard endpoint.requiresAuthentication else {
            return try decode(endpoint, from: try await transmit(endpoint, accessToken: nil))
        }
        guard let token = await session.tokens?.accessToken else { throw SproutError.notSignedIn }
        let response = try await transmit(endpoint, accessToken: token)
        guard response.status == expiredStatus, let refresher else { return try decode(endpoint, from: response) }
        let fresh = try await session.credential(replacing: token, using: refresher)
        return try decode(endpoint, from: try await transmit(endpoint, accessToken: fresh))
    }

    /// Sends a request built from `endpoint` and returns the raw response, whatever its status.
    public func transmit<Response>(_ endpoint: Endpoint<Response>, accessToken: String?) async throws -> HTTPResponse {
        try await transport.send(request(for: endpoint, accessToken: accessToken))
    }

    func request<Response>(for endpoint: Endpoint<Response>, accessToken: String?) throws -> HTTPRequest {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(endpoint.path), resolvingAgainstBaseURL: false) else {
            throw SproutError.transport("cannot build a URL for \(endpoint.path)")
        }
        if !endpoint.query.isEmpty {
            components.percentEncodedQuery = endpoint.query
                .map { "\(FormEncoding.escape($0.name))=\(FormEncoding.escape($0.value))" }
                .joined(separator: "&")
        }
        guard let url = components.url else { throw SproutError.transport("cannot build a URL for \(endpoint.path)") }
        var headers = fixedHeaders + endpoint.headers
        if let accessToken { headers.append(authorizationHeader(accessToken)) }
        let encoded = endpoint.body.encoded(boundary: "sprout-\(UUID().uuidString)")
        if let encoded { headers.append(("Content-Type", encoded.contentType)) }
        return HTTPRequest(method: endpoint.method, url: url, headers: headers, body: encoded?.data)
    }

    func decode<Response>(_ endpoint: Endpoint<Response>, from response: HTTPResponse) throws -> Response {
        guard (200..<300).contains(response.status) else {
            throw SproutError.from(status: response.status, body: response.body, contract: contract)
        }
        do {
            return try endpoint.decode(response.body)
        } catch {
            throw SproutError.decoding(String(describing: error))
        }
    }
}
