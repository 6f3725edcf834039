import Platform
import Vapor

/// The booking rules' errors on Sprout's lessons API: the platform's `{ "error": true, "reason": … }`
/// body with the status each refusal means. The rules' errors are in Rules/BookingErrors.swift.
struct BookingErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as BookingError {
            throw Self.abort(error)
        } catch let abort as any AbortError where [413, 415, 422].contains(abort.status.code) {
            throw Abort(.badRequest, reason: abort.status.code == 413 ? "The request is too large." : abort.reason)
        }
    }

    static func abort(_ error: BookingError) -> Abort {
        switch error {
        case .notFound: Abort(.notFound, reason: "No such lesson, slot, enrolment or booking of yours.")
        case .notTheTeacher: Abort(.forbidden, reason: "Only the lesson's teacher does this.")
        case let .invalidTerms(field, reason): Abort(.badRequest, reason: "\(field): \(reason).")
        case let .invalidTime(reason): Abort(.badRequest, reason: reason + ".")
        case .slotInThePast: Abort(.badRequest, reason: "That time has passed.")
        case .overlapsAnotherSlot: Abort(.conflict, reason: "You have a slot at an overlapping time.")
        case .slotBooked: Abort(.conflict, reason: "The slot is booked: cancel the booking first.")
        case .slotTaken: Abort(.conflict, reason: "Someone booked this slot already.")
        case .slotOfAnotherLesson: Abort(.badRequest, reason: "The slot is of another lesson.")
        case .noSessionsLeft: Abort(.conflict, reason: "Every session of this enrolment is booked or used.")
        case .enrolmentEnded: Abort(.conflict, reason: "The enrolment has ended.")
        case .sessionStarted: Abort(.conflict, reason: "The session has started.")
        case let .tooLateToMove(hours): Abort(.conflict, reason: "A session moves until \(hours) hours before it; cancel it instead.")
        case .gatewayRefused: Abort(.badGateway, reason: "The payment gateway did not refund; nothing changed. Try again later.")
        }
    }
}
