import PlatformCore
import Vapor

/// Double-submit CSRF protection for the web app's forms: a random token lives in an HttpOnly,
/// SameSite=Lax cookie and in a hidden `_csrf` field of every form, and a POST must carry both,
/// equal. A cross-site page can make the browser send the cookie but cannot read it to fill the field.
public struct CSRFMiddleware: AsyncMiddleware {
    static let cookieName = "sprout-csrf"
    public static let fieldName = "_csrf"

    /// Whether the token cookie is for https only (`SproutConfig.servesHTTPS`).
    let secureCookie: Bool

    public init(secureCookie: Bool) {
        self.secureCookie = secureCookie
    }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.method == .POST {
            // Middleware runs before the route collects the body, so a body larger than the first
            // network read has not arrived yet: collect it here, within the route's own limit.
            if request.body.data == nil {
                let limit = request.route?.bodyLimit ?? request.application.routes.defaultMaxBodySize.value
                _ = try await request.body.collect(max: limit).get()
            }
            let submitted: String
            do {
                submitted = try request.content.get(String.self, at: Self.fieldName)
            } catch let error as DecodingError where DecodingProblem.reason(error) == NULFreeText.reason {
                // A form no page could have sent as it is, but not a forgery: the form's own 400.
                throw Abort(.badRequest, reason: NULFreeText.reason)
            } catch {
                submitted = ""
            }
            let expected = request.cookies[Self.cookieName]?.string ?? ""
            guard !expected.isEmpty, constantTimeEquals(submitted, expected) else {
                throw Abort(.forbidden, reason: "CSRF token missing or wrong")
            }
        }
        let response = try await next.respond(to: request)
        if let fresh = request.storage[FreshToken.self] {
            response.cookies[Self.cookieName] = HTTPCookies.Value(
                string: fresh, path: "/", isSecure: secureCookie, isHTTPOnly: true, sameSite: .lax
            )
        }
        return response
    }

    struct FreshToken: StorageKey { typealias Value = String }
}

extension Request {
    /// The token to put in this page's forms; a new one is minted (and set as a cookie by
    /// `CSRFMiddleware`) for a browser that has none yet.
    public var csrfToken: String {
        if let existing = cookies[CSRFMiddleware.cookieName]?.string, !existing.isEmpty { return existing }
        if let fresh = storage[CSRFMiddleware.FreshToken.self] { return fresh }
        let fresh = IdentifierGenerator.secureRandom.token()
        storage[CSRFMiddleware.FreshToken.self] = fresh
        return fresh
    }
}

extension Route {
    private static let bodyLimitKey = "sprout.bodyLimit"

    /// The largest body this page route takes, for middleware that must read the body before the
    /// route does (CSRF). Routes without one get the application's default.
    public var bodyLimit: Int? { userInfo[Self.bodyLimitKey] as? Int }

    /// Records the body limit of a route registered with `body: .collect(maxSize:)`.
    @discardableResult
    public func acceptingBodies(upTo limit: ByteCount) -> Route {
        userInfo[Self.bodyLimitKey] = limit.value
        return self
    }
}
