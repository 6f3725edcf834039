import Foundation
import Vapor

/// The conversation page's 약속 forms: propose (the time as a browser's `datetime-local` sends it,
/// read as Korean time), accept, decline, and cancel or withdraw. Each goes back to the page; a
/// refusal draws the page again with its reason, in the status the API answers it with.
struct AppointmentPages: Sendable {
    let inbox: InboxPages
    let appointments: Appointments

    enum Answer {
        case accept, decline, cancel
    }

    func register(on pages: any RoutesBuilder) {
        pages.post(PlatformPaths.conversationAppointments, use: propose)
        pages.post(PlatformPaths.conversationAppointmentAccept) { try await self.answer($0, .accept) }
        pages.post(PlatformPaths.conversationAppointmentDecline) { try await self.answer($0, .decline) }
        pages.post(PlatformPaths.conversationAppointmentCancel) { try await self.answer($0, .cancel) }
    }

    func propose(_ req: Request) async throws -> Response {
        let webID = try inbox.webID(req, at: PlatformPaths.conversationAppointments)
        let (context, me, id) = try await conversation(req, webID: webID)
        let startsAt = (try? req.content.get(String.self, at: "starts_at")) ?? ""
        let place = (try? req.content.get(String.self, at: "place")) ?? ""
        do {
            _ = try await appointments.propose(in: id, by: me, at: try Appointments.time(startsAt), place: place, on: req.db)
        } catch let error as AppointmentError where error != .notFound {
            let refused = AppointmentViews.Refused(startsAt: startsAt, place: place, proposal: AppointmentViews.reason(error, context))
            return try await inbox.conversationPage(req, context, webID: webID, me: me, error: nil, appointments: refused, status: AppointmentViews.status(error))
        } catch AppointmentError.notFound {
            throw Abort(.notFound)
        }
        return req.redirect(to: PlatformPaths.conversation.link(webID, fragment: "appointments"), redirectType: .normal)
    }

    func answer(_ req: Request, _ answer: Answer) async throws -> Response {
        let path = switch answer {
        case .accept: PlatformPaths.conversationAppointmentAccept
        case .decline: PlatformPaths.conversationAppointmentDecline
        case .cancel: PlatformPaths.conversationAppointmentCancel
        }
        guard let (webID, appointmentID) = path.parameters(in: req) else { throw Abort(.notFound) }
        let (context, me, id) = try await conversation(req, webID: webID)
        guard Appointments.pathIDs.contains(appointmentID) else { throw Abort(.notFound) }
        do {
            switch answer {
            case .accept: _ = try await appointments.accept(appointmentID, in: id, by: me, on: req.db)
            case .decline: _ = try await appointments.decline(appointmentID, in: id, by: me, on: req.db)
            case .cancel: _ = try await appointments.cancel(appointmentID, in: id, by: me, on: req.db)
            }
        } catch let error as AppointmentError where error != .notFound {
            let refused = AppointmentViews.Refused(answer: AppointmentViews.reason(error, context))
            return try await inbox.conversationPage(req, context, webID: webID, me: me, error: nil, appointments: refused, status: AppointmentViews.status(error))
        } catch AppointmentError.notFound {
            throw Abort(.notFound)
        }
        return req.redirect(to: PlatformPaths.conversation.link(webID, fragment: "appointments"), redirectType: .normal)
    }

    /// The signed-in person and the id of the conversation whose page is `webID`: 404 unless
    /// they are in it.
    private func conversation(_ req: Request, webID: String) async throws -> (PageContext, String, String) {
        let (context, account) = try await PageContext.signedIn(req, next: PlatformPaths.conversation.link(webID))
        let me = try account.requireID()
        return (context, me, try await inbox.conversationID(webID, for: me, req))
    }
}
