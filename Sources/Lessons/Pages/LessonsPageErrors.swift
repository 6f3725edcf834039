import Vapor

/// What the lessons rules refuse becomes, on a page, the status browsers know, which
/// `PageErrorMiddleware` then shows as a page in the person's language instead of a bare 500.
/// A `PageExit` is answered with its page.
struct LessonsPageErrors: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as PostError {
            throw Abort(Self.status(of: error))
        } catch let error as FollowError {
            switch error {
            case .personNotFound: throw Abort(.notFound)
            case .followingYourself: throw Abort(.badRequest)
            case .alreadyFollowing, .notFollowing: throw Abort(.conflict)
            }
        } catch let error as PaymentError {
            throw Abort(error == .alreadyValidated ? .conflict : error == .gatewayUnavailable ? .internalServerError : .badRequest)
        } catch let error as BookingError {
            throw Abort(BookingErrorMiddleware.abort(error).status)
        } catch let error as ProfileError {
            throw Abort(error == .accountWithdrawn ? .forbidden : .notFound)
        }
    }

    static func status(of error: PostError) -> HTTPResponseStatus {
        switch error {
        case .postNotFound, .commentNotFound: .notFound
        case .notAuthor: .forbidden
        case .productIDMissing, .commentMissing, .commentTooLong, .ratingOutOfRange, .titleTooLong, .negativePrice, .contentTooLong, .foreignFiles: .badRequest
        }
    }
}
