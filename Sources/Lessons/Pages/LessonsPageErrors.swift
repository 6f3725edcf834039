import Vapor

/// The lessons rules answer in the contract's codes (410 gone, 445 not the author, …). On a page
/// those become the statuses browsers know, which `PageErrorMiddleware` then shows as a page in
/// the person's language instead of a bare 500. A `PageExit` is answered with its page.
struct LessonsPageErrors: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let exit as PageExit {
            return exit.response
        } catch let error as LessonsError {
            throw Abort(Self.status(of: error))
        }
    }

    static func status(of error: LessonsError) -> HTTPResponseStatus {
        switch error {
        case .notFound, .commentNotFound, .userNotFound: .notFound
        case .notAuthor, .forbidden: .forbidden
        case .missingValue, .invalidValue, .nicknameHasWhitespace: .badRequest
        case .alreadyFollowing, .notFollowing, .paymentAlreadyValidated, .emailTaken, .nicknameTaken: .conflict
        default: .internalServerError
        }
    }
}
