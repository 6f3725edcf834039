import Foundation
import SproutAPI

extension AppointmentsClient {
    /// The conversation my study partner and I agree on 약속 in (`GET /api/study/appointments`),
    /// opened the first time either of us asks, with its latest appointments, newest first.
    /// Propose, accept, decline and call off in it with `conversationID` through this client's
    /// other calls (or drive `AppointmentViewModel` with it), while we are matched. A refusal is a
    /// `SproutError.http`: 404 not matched, 409 the study ended, 403 one of us blocked the other.
    public func studyMeeting() async throws -> Study.Meeting {
        try await api.send(Endpoint(Study.PartnerRoutes.meeting))
    }
}
