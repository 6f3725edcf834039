import Platform
import Vapor

/// What the study rules refuse becomes, on a page, what a browser can act on: a person without a
/// profile (withdrawn in another tab) goes to signup; a value the rules refuse is a 400 page.
struct StudyPageErrors: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as StudyError {
            switch error {
            case .notSignedUp: return request.redirect(to: StudyPaths.signup.link, redirectType: .normal)
            case .invalid: throw Abort(.badRequest)
            }
        }
    }
}
