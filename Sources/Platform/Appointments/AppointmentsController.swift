import OpenAPIDocuments
import SproutAPI
import Vapor

/// `/api/conversations/{conversation}/appointments`: 약속 잡기 in one of my conversations, for an
/// access token from `/api/auth`. Errors are the conversations API's (`ConversationErrorMiddleware`).
struct AppointmentsController: Sendable {
    let appointments: Appointments

    func register(on routes: DocumentedRoutes) {
        typealias Routes = Conversations.Routes
        let responses = { (more: [Int: String]) in ConversationsController.signedIn.merging(more) { $1 } }
        routes.on(Routes.appointments, doc: .init(
            "A conversation's appointments, newest first", description: "The latest 20, whatever their state.",
            responses: responses([200: "The appointments", 404: "No such conversation of mine"])
        ), use: list)
        routes.onResponse(Routes.propose, doc: .init(
            "Propose a time and place to meet",
            description: "Replaces the proposal waiting in the conversation and an accepted appointment that has not come yet. "
                + "The other side is notified and the conversation gets a line.",
            responses: responses([201: "The proposal", 400: "A body that is not this JSON", 403: "One of us blocked the other",
                                  404: "No such conversation of mine", 409: "The conversation's app closed it to appointments (a study that ended)",
                                  422: "A time that is not one, past, or beyond 90 days; a place empty or over 100 characters"]),
            answer: Conversations.Appointment.self, answerAlsoFor: [201]
        ), use: propose)
        routes.on(Routes.acceptAppointment, doc: .init(
            "Accept the other side's proposal", description: "Of two accepts at once, one succeeds. Both are reminded an hour before.",
            responses: responses([200: "The appointment, accepted", 403: "My own proposal, or one of us blocked the other",
                                  404: "No such appointment in a conversation of mine", 409: "Answered, replaced, cancelled or past, or the study ended"])
        ), use: accept)
        routes.on(Routes.declineAppointment, doc: .init(
            "Decline the other side's proposal",
            responses: responses([200: "The appointment, declined", 403: "My own proposal", 404: "No such appointment in a conversation of mine",
                                  409: "Answered, replaced, cancelled or past"])
        ), use: decline)
        routes.on(Routes.cancelAppointment, doc: .init(
            "Call off an accepted appointment, or withdraw my proposal",
            responses: responses([200: "The appointment, cancelled", 404: "No such appointment in a conversation of mine",
                                  409: "Not accepted nor my waiting proposal, or past"])
        ), use: cancel)
    }

    func list(_ req: Request) async throws -> Conversations.AppointmentList {
        let id = try Self.conversationID(req, at: Conversations.Routes.appointments)
        return Conversations.AppointmentList(appointments: try await appointments.list(in: id, for: try req.authenticatedAccountID, on: req.db))
    }

    func propose(_ req: Request) async throws -> Response {
        let me = try req.authenticatedAccountID
        let id = try Self.conversationID(req, at: Conversations.Routes.propose)
        let body = try req.decodeBody(Conversations.ProposeAppointment.self)
        let proposal = try await appointments.propose(in: id, by: me, at: try Appointments.time(body.startsAt), place: body.place ?? "", on: req.db)
        return try await APIAnswer(proposal, status: .created).encodeResponse(for: req)
    }

    func accept(_ req: Request) async throws -> Conversations.Appointment {
        let (conversation, appointment) = try Self.appointment(req, at: Conversations.Routes.acceptAppointment)
        return try await appointments.accept(appointment, in: conversation, by: try req.authenticatedAccountID, on: req.db)
    }

    func decline(_ req: Request) async throws -> Conversations.Appointment {
        let (conversation, appointment) = try Self.appointment(req, at: Conversations.Routes.declineAppointment)
        return try await appointments.decline(appointment, in: conversation, by: try req.authenticatedAccountID, on: req.db)
    }

    func cancel(_ req: Request) async throws -> Conversations.Appointment {
        let (conversation, appointment) = try Self.appointment(req, at: Conversations.Routes.cancelAppointment)
        return try await appointments.cancel(appointment, in: conversation, by: try req.authenticatedAccountID, on: req.db)
    }

    /// The conversation `route` names.
    static func conversationID<Body, Answer>(_ req: Request, at route: APIRoute<String, Body, Answer>) throws -> String {
        guard let id = route.parameters(in: req) else { throw AppointmentError.notFound }
        return id
    }

    /// The conversation and the appointment `route` names: an appointment's number is in
    /// `Appointments.pathIDs`, or there is no such appointment.
    static func appointment(_ req: Request, at route: APIRoute<(String, Int), NoBody, Conversations.Appointment>) throws -> (String, Int) {
        guard let (conversation, appointment) = route.parameters(in: req), Appointments.pathIDs.contains(appointment) else {
            throw AppointmentError.notFound
        }
        return (conversation, appointment)
    }
}
