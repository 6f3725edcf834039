import Vapor

/// Headers that make browsers hold every answer to the safe reading: no type sniffing, no
/// referrer beyond the site, no framing, pages run only Sprout's own scripts and styles, and,
/// behind https, https only.
public struct SecurityHeadersMiddleware: Middleware {
    /// Pages link only `/assets/…` and `/uploads/…`; no inline script or style anywhere.
    static let contentSecurityPolicy = contentSecurityPolicy(imagesAlsoFrom: [])

    /// The same policy for a page that shows images from other origins too (map tiles an
    /// operator configured). A page sets it as its own header; this middleware then leaves it.
    public static func contentSecurityPolicy(imagesAlsoFrom origins: [String]) -> String {
        [
            "default-src 'self'", (["img-src 'self' data: blob:"] + origins).joined(separator: " "), "script-src 'self'", "style-src 'self'",
            "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    let https: Bool

    public init(https: Bool) {
        self.https = https
    }

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map(addHeaders)
    }

    /// Read from the header's text: `headers.contentType` parses every parameter of the media type,
    /// which cost a tenth of a trivial route's time in the profile.
    static func isHTML(_ headers: HTTPHeaders) -> Bool {
        guard let contentType = headers.first(name: .contentType) else { return false }
        let mediaType = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        return mediaType.caseInsensitiveCompare("text/html") == .orderedSame
    }

    private func addHeaders(to response: Response) -> Response {
        let headers = [
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"),
            ("X-Frame-Options", "DENY"),
        ] + (Self.isHTML(response.headers) ? [("Content-Security-Policy", Self.contentSecurityPolicy)] : [])
          + (https ? [("Strict-Transport-Security", "max-age=31536000; includeSubDomains")] : [])
        for (name, value) in headers where !response.headers.contains(name: name) {
            response.headers.replaceOrAdd(name: name, value: value)
        }
        return response
    }
}
