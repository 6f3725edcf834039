import Vapor

/// Headers that make browsers hold every answer to the safe reading: no type sniffing, a
/// referrer that names the site and never a path (an inbox path names a conversation), no framing, pages run only Sprout's own scripts and styles, and,
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

    /// The headers every answer gets, with the policy for pages and HSTS behind https, built once.
    private let headers: [(name: String, value: String)]
    private let pageHeaders: [(name: String, value: String)]

    public init(https: Bool) {
        let always = [
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "strict-origin"),
            ("X-Frame-Options", "DENY"),
        ] + (https ? [("Strict-Transport-Security", "max-age=31536000; includeSubDomains")] : [])
        headers = always
        pageHeaders = always + [("Content-Security-Policy", Self.contentSecurityPolicy)]
    }

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map(addHeaders)
    }

    /// Compares the header's bytes: `headers.contentType` parses every parameter of the media
    /// type, and Foundation's trimming bridged the text through `NSString`; each took a tenth of a
    /// trivial route's time in a profile.
    static func isHTML(_ headers: HTTPHeaders) -> Bool {
        guard let contentType = headers.first(name: .contentType) else { return false }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let mediaType = contentType.utf8.drop(while: isBlank)
        let html = "text/html".utf8
        guard mediaType.count >= html.count,
              zip(mediaType, html).allSatisfy({ byte, expected in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected })
        else { return false }
        let rest = mediaType.dropFirst(html.count).drop(while: isBlank)
        return rest.first.map { $0 == UInt8(ascii: ";") } ?? true
    }

    private func addHeaders(to response: Response) -> Response {
        for (name, value) in Self.isHTML(response.headers) ? pageHeaders : headers where !response.headers.contains(name: name) {
            response.headers.add(name: name, value: value)
        }
        return response
    }
}
