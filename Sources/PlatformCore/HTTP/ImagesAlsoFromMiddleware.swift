import Vapor

/// Lets a group of pages show images from other origins (a book's cover kept from the catalogue
/// that found it): every HTML page in the group gets the page policy with those origins added,
/// which `SecurityHeadersMiddleware` then leaves as it is.
public struct ImagesAlsoFromMiddleware: AsyncMiddleware {
    let policy: String

    public init(origins: [String]) {
        var seen = Set<String>()
        policy = SecurityHeadersMiddleware.contentSecurityPolicy(imagesAlsoFrom: origins.filter { seen.insert($0).inserted })
    }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if SecurityHeadersMiddleware.isHTML(response.headers), !response.headers.contains(name: "Content-Security-Policy") {
            response.headers.add(name: "Content-Security-Policy", value: policy)
        }
        return response
    }
}
