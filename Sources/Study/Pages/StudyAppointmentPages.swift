import Foundation
import Platform
import SproutAPI
import Vapor

/// `/study/appointment`: 약속 with my study partner, through the platform's appointments in the
/// pair's conversation (`StudyAppointments`). The page finds a 동 by name (`q`) and proposes; the
/// pinned part of the matched page accepts, declines and calls off. Each step goes back to the
/// matched page's 약속; a refusal draws this page again with its reason, in the status the API
/// answers it with. Someone not matched finds nothing here (404).
struct StudyAppointmentPages: Sendable {
    let profiles: StudyProfiles
    let meetings: StudyAppointments

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.appointment, use: show)
        pages.post(StudyPaths.appointment, use: propose)
        pages.post(StudyPaths.appointmentAccept) { try await self.answer($0, .accept) }
        pages.post(StudyPaths.appointmentDecline) { try await self.answer($0, .decline) }
        pages.post(StudyPaths.appointmentCancel) { try await self.answer($0, .cancel) }
    }

    /// What the 약속 page's address keeps: the time, 동 and place chosen, and what was typed to find a 동.
    struct Chosen: Codable {
        var startsAt: String?
        var dong: String?
        var place: String?
        var q: String?

        enum CodingKeys: String, CodingKey {
            case startsAt = "starts_at", dong, place, q
        }
    }

    /// The 약속 page; `q` finds a 동, and `starts_at`, `place` and `dong` keep what was chosen.
    func show(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        let asked = try req.queryFields(Chosen.self)
        let draft = StudyAppointmentViews.Draft(startsAt: asked.startsAt ?? "", dong: asked.dong ?? "", place: asked.place ?? "", search: asked.q ?? "")
        return try await page(req, visitor, draft, status: .ok)
    }

    func propose(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.appointment.link)
        let field = { (name: String) in (try? req.content.get(String.self, at: name)) ?? "" }
        var draft = StudyAppointmentViews.Draft(startsAt: field("starts_at"), dong: field("dong"), place: field("place"))
        do {
            let place = meetings.place(neighbourhood: draft.dong, typed: draft.place)
            _ = try await meetings.propose(by: visitor.uid, at: try Appointments.time(draft.startsAt), place: place, on: req.db)
        } catch let error as AppointmentError where error != .notFound && error != .blocked {
            draft.proposalRefusal = AppointmentViews.reason(error, visitor.context)
            return try await page(req, visitor, draft, status: AppointmentViews.status(error))
        } catch {
            return try refusal(error, req, visitor)
        }
        return req.redirect(to: StudyPaths.matchedAppointments, redirectType: .normal)
    }

    func answer(_ req: Request, _ answer: StudyAppointments.Answer) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let path = switch answer {
        case .accept: StudyPaths.appointmentAccept
        case .decline: StudyPaths.appointmentDecline
        case .cancel: StudyPaths.appointmentCancel
        }
        guard let appointmentID = path.parameters(in: req), Appointments.pathIDs.contains(appointmentID) else { throw Abort(.notFound) }
        do {
            _ = try await meetings.answer(appointmentID, answer, by: visitor.uid, on: req.db)
        } catch let error as AppointmentError where error != .notFound && error != .blocked {
            var draft = StudyAppointmentViews.Draft()
            draft.answerRefusal = AppointmentViews.reason(error, visitor.context)
            return try await page(req, visitor, draft, status: AppointmentViews.status(error))
        } catch {
            return try refusal(error, req, visitor)
        }
        return req.redirect(to: StudyPaths.matchedAppointments, redirectType: .normal)
    }

    /// The page as it stands for the visitor, with `draft` in its forms.
    private func page(_ req: Request, _ visitor: StudyVisitor, _ draft: StudyAppointmentViews.Draft, status: HTTPResponseStatus) async throws -> Response {
        let pinned: StudyAppointments.Pinned
        do {
            pinned = try await meetings.pinned(for: visitor.uid, on: req.db)
        } catch {
            return try refusal(error, req, visitor)
        }
        let found = draft.search.isEmpty ? [] : meetings.meetingPlaces(named: draft.search)
        // The 약속's lines just read: the header's badge counts again.
        let context = try await pinned.readLines ? PageContext.load(for: req) : visitor.context
        return StudyAppointmentViews.page(context, pinned, found: found, chosen: meetings.neighbourhood(draft.dong), draft: draft, status: status)
    }

    /// What stands in the way of any 약속: no partner (nothing here to find), a study that ended
    /// (the matched page says so), or a block between the two.
    private func refusal(_ error: any Error, _ req: Request, _ visitor: StudyVisitor) throws -> Response {
        if let error = error as? StudyAppointmentError {
            switch error {
            case .notMatched: throw Abort(.notFound)
            case .studyOver: return req.redirect(to: StudyPaths.matched.link, redirectType: .normal)
            }
        }
        switch error as? AppointmentError {
        case .notFound?: throw Abort(.notFound)
        case .blocked?: return StudyAppointmentViews.blocked(visitor.context)
        default: throw error
        }
    }
}
