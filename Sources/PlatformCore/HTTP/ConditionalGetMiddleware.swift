import Crypto
import Vapor

/// Conditional reads for every API answer: a `GET` or `HEAD` answered 200 with a body in memory
/// gets a strong `ETag` (a digest of its bytes), and a request whose `If-None-Match` names it gets
/// `304 Not Modified` without the body. The tag is computed from what is about to be sent, so it
/// can never describe stale data; `no-cache` makes clients revalidate every time instead of
/// reusing a copy, and `private` keeps shared caches from storing one person's answers.
/// Answers that decide their own caching (pages are `no-store`, assets immutable, uploads tagged)
/// are left alone.
public struct ConditionalGetMiddleware: Middleware {
    /// Clients may keep an answer but must ask whether it is still current before each use.
    static let revalidateAlways = "private, no-cache"

    public init() {}

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map { Self.conditional($0, for: request) }
    }

    static func conditional(_ response: Response, for request: Request) -> Response {
        guard request.method == .GET || request.method == .HEAD, response.status == .ok,
              !response.headers.contains(name: .eTag), !response.headers.contains(name: .cacheControl),
              let body = response.body.buffer
        else { return response }
        let tag = body.withUnsafeReadableBytes { Self.tag(of: $0) }
        response.headers.replaceOrAdd(name: .eTag, value: tag)
        response.headers.replaceOrAdd(name: .cacheControl, value: revalidateAlways)
        guard Self.matches(request.headers[.ifNoneMatch], tag) else { return response }
        let notModified = Response(status: .notModified, headers: response.headers)
        notModified.headers.remove(name: .contentLength)
        return notModified
    }

    static func tag(of body: UnsafeRawBufferPointer) -> String {
        "\"" + Hex.encode(SHA256.hash(data: body).prefix(16)) + "\""
    }

    /// `If-None-Match` holds `*` or a list of tags, weak ones (`W/"…"`) matching by their value.
    static func matches(_ values: [String], _ tag: String) -> Bool {
        guard !values.isEmpty else { return false }
        let weak = "W/" + tag
        let listed: [String] = values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        return listed.contains { candidate in candidate == "*" || candidate == tag || candidate == weak }
    }
}
