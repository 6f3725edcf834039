import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `GET /api/study/appointments`: the conversation my study partner and I agree on 약속 in, for
/// an access token from `/api/auth`. The rest goes through the conversations API
/// (`/api/conversations/{id}/appointments`), which serves every conversation its caller is in.
struct StudyAppointmentController: Sendable {
    let meetings: StudyAppointments

    func register(on routes: DocumentedRoutes) {
        routes.on(Study.PartnerRoutes.meeting, doc: .init(
            "My study partner's and my meeting conversation, with its appointments",
            description: "Opened the first time either partner asks. Propose, accept, decline and call off in it through "
                + "`/api/conversations/{conversation_id}/appointments`, while the two are matched; once either ends the study, "
                + "what they had agreed is called off and proposing and accepting answer 409.",
            responses: [200: "The conversation and its latest appointments, newest first", 401: "Not signed in", 403: "One of us blocked the other",
                        404: "Not matched with anyone", 409: "My partner or I ended the study", 419: "Access token expired: refresh",
                        429: "Too many calls"]
        ), use: meeting)
    }

    func meeting(_ req: Request) async throws -> Study.Meeting {
        try await meetings.meeting(of: try req.authenticatedAccountID, on: req.db)
    }
}
