import Vapor

/// A page to answer with instead of the one asked for: the log-in for someone signed out, a
/// refusal for someone not allowed. `PageExitMiddleware` turns it into the response.
public struct PageExit: Error {
    public let response: Response

    public init(_ response: Response) { self.response = response }
}

/// Answers a `PageExit` with its page, inside the CSRF middleware so a refusal page's forms get
/// their token cookie like any other page.
public struct PageExitMiddleware: AsyncMiddleware {
    public init() {}

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let exit as PageExit {
            return exit.response
        }
    }
}

extension PageContext {
    /// The page context of the signed-in person and their account. Someone signed out is sent to
    /// the log-in, which brings them back to `next` (by default this page; a form post names the
    /// page the form was on).
    public static func signedIn(_ req: Request, next: String? = nil) async throws -> (PageContext, Account) {
        let context = try await load(for: req)
        guard let account = context.account else {
            throw PageExit(req.redirect(to: PlatformPaths.login(returningTo: next ?? req.url.path), redirectType: .normal))
        }
        return (context, account)
    }
}
