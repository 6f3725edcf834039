import Vapor

/// What the reading rules refuse becomes, on a page, the status browsers know, which
/// `PageErrorMiddleware` shows as a page in the person's language. Another reader's book is "not
/// found" there too.
struct ReadingPageErrors: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as ReadingError {
            switch error {
            case .bookNotFound, .memoNotFound, .catalogBookNotFound: throw Abort(.notFound)
            case .catalogueUnavailable: throw Abort(.serviceUnavailable)
            case .duplicate, .timerBusy, .timerNot, .libraryChangedDuringImport, .notFinished: throw Abort(.conflict)
            case .invalid, .invalidGoals, .invalidMemo, .invalidProgress, .badQuery, .unreadableImport: throw Abort(.badRequest)
            }
        }
    }
}
