import Platform
import Vapor

/// The study partners' 약속 refusals on Sprout's study API, in the platform's `{ "error": true,
/// "reason": … }` shape. The rules' errors are in Rules/StudyAppointmentError.swift and the
/// platform's `AppointmentError`.
struct StudyAppointmentErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as StudyAppointmentError {
            switch error {
            case .notMatched: throw Abort(.notFound, reason: "You are not matched with a study partner.")
            case .studyOver: throw Abort(.conflict, reason: "The study has ended: partners meet only while they are matched.")
            }
        } catch AppointmentError.blocked {
            throw Abort(.forbidden, reason: "One of you blocked the other.")
        } catch is AppointmentError {
            throw Abort(.notFound, reason: "No such conversation of yours.")
        }
    }
}
