import Foundation
import NIOHTTP1
import Vapor
import VaporTesting

extension TestSprout {
    /// Sends one request through the in-process server and returns the response.
    public func send(
        _ method: HTTPMethod,
        _ path: String,
        headers: [String: String] = [:],
        json: (any Encodable)? = nil,
        body: String? = nil
    ) async throws -> TestingHTTPResponse {
        var httpHeaders = HTTPHeaders(headers.map { ($0.key, $0.value) })
        var buffer: ByteBuffer?
        if let json {
            httpHeaders.replaceOrAdd(name: .contentType, value: "application/json")
            buffer = ByteBuffer(data: try JSONEncoder().encode(json))
        } else if let body {
            buffer = ByteBuffer(string: body)
        }
        return try await app.testing().sendRequest(method, path, headers: httpHeaders, body: buffer)
    }

    /// Sends raw bytes (multipart bodies, malformed JSON).
    public func send(_ method: HTTPMethod, _ path: String, headers: [String: String] = [:], body: Data) async throws -> TestingHTTPResponse {
        try await app.testing().sendRequest(method, path, headers: HTTPHeaders(headers.map { ($0.key, $0.value) }), body: ByteBuffer(data: body))
    }

    /// `SesacKey` plus anything else.
    public func lessonsHeaders(_ extra: [String: String] = [:]) -> [String: String] {
        extra.merging(["SesacKey": apiKey]) { a, _ in a }
    }
}

extension TestingHTTPResponse {
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(buffer: body))
    }

    /// The body as a JSON object, for asserting exact keys and types.
    public func jsonObject() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
    }
}
