import Platform
import PlatformCore
import SproutAPI
import Vapor

/// The reading API's errors on the wire, in Sprout's one error shape `{ "error": true,
/// "reason": … }`: 400 for what cannot be read (malformed JSON, a number too large for its field,
/// an unknown sort; 413 when too large), 422 for values the rules refuse, 404 for a book not in the reader's library
/// or a memo not on that book,
/// 409 for a duplicate book (its `Location` names the one already there), for a timer action
/// its state does not allow and for reading again a book not finished. The rules' errors are in Rules/ReadingErrors.swift.
struct ReadingErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as ReadingError {
            throw Self.abort(error)
        } catch let error as DecodingError {
            throw Abort(.badRequest, reason: DecodingProblem.reason(error))
        } catch let abort as any AbortError where abort.status == .unprocessableEntity {
            // Vapor's answer to a body it cannot decode at all (an empty one); 422 here means the
            // rules refused a value, so a client can tell the two apart.
            throw Abort(.badRequest, reason: "The body cannot be read as JSON.")
        }
    }

    static func abort(_ error: ReadingError) -> Abort {
        switch error {
        case .bookNotFound:
            return Abort(.notFound, reason: "No such book in your library.")
        case let .duplicate(existingID):
            return Abort(.conflict, headers: ["Location": Reading.Routes.book.pathTemplate.encodedPath(existingID)], reason: "This book is already in your library.")
        case let .invalid(violations):
            return Abort(.unprocessableEntity, reason: reason(violations))
        case let .invalidGoals(violations):
            return Abort(.unprocessableEntity, reason: violations.sorted { $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.key.rawValue): must be \($0.value.lowerBound) to \($0.value.upperBound)" }.joined(separator: ", "))
        case let .badQuery(reason):
            return Abort(.badRequest, reason: reason)
        case let .timerBusy(title):
            return Abort(.conflict, reason: "The timer is already timing “\(title)”: stop or reset it first.")
        case .timerNot(.running):
            return Abort(.conflict, reason: "No timer is running.")
        case .timerNot(.paused):
            return Abort(.conflict, reason: "The timer is not paused.")
        case .timerNot(.idle):
            return Abort(.conflict, reason: "The timer is not idle.")
        case .memoNotFound:
            return Abort(.notFound, reason: "No such memo on this book.")
        case .invalidMemo(.textRequired):
            return Abort(.unprocessableEntity, reason: "text: required")
        case let .invalidMemo(.textTooLong(maximum)):
            return Abort(.unprocessableEntity, reason: "text: at most \(maximum) characters")
        case let .invalidMemo(.photo(refusal)):
            return Abort(.unprocessableEntity, reason: "photo: \(refusal.englishReason)")
        case let .invalidMemo(.pageOutOfRange(pages)):
            return Abort(.unprocessableEntity, reason: "page: must be \(pages.lowerBound) to \(pages.upperBound)")
        case .invalidProgress(.pageOrPercent):
            return Abort(.unprocessableEntity, reason: "page or percent: send one of the two")
        case let .invalidProgress(.pageOutOfRange(pages)):
            return Abort(.unprocessableEntity, reason: "page: must be \(pages.lowerBound) to \(pages.upperBound)")
        case .invalidProgress(.pagesUnknown):
            return Abort(.unprocessableEntity, reason: "page: the book's pages are not known; send percent")
        case let .invalidProgress(.percentOutOfRange(range)):
            return Abort(.unprocessableEntity, reason: "percent: must be \(range.lowerBound) to \(range.upperBound)")
        case .notFinished:
            return Abort(.conflict, reason: "Only a finished book can be read again.")
        case .unreadableImport(.notCSV):
            return Abort(.unprocessableEntity, reason: "The file is not CSV; nothing was imported.")
        case .unreadableImport(.noTitleColumn):
            return Abort(.unprocessableEntity, reason: "The file has no Title column, so it is not a Goodreads export; nothing was imported.")
        case let .unreadableImport(.tooManyRows(maximum)):
            return Abort(.unprocessableEntity, reason: "The file has more than \(maximum) books; nothing was imported.")
        case .catalogBookNotFound:
            return Abort(.notFound, reason: "No such book or list in the catalogue.")
        case let .catalogueUnavailable(retryAfter):
            return Abort(.serviceUnavailable, headers: retryAfter.map { ["Retry-After": String($0)] } ?? [:],
                         reason: "The book catalogue cannot be reached now; try again later.")
        case .libraryChangedDuringImport:
            return Abort(.conflict, reason: "The library changed while the file was being imported; nothing was imported. Try again.")
        }
    }

    static func reason(_ violations: [Reading.BookField: Reading.BookViolation]) -> String {
        violations.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): \($0.value.meaning)" }.joined(separator: ", ")
    }
}
