import Foundation
import SproutAPI

/// 약속 잡기 in a conversation (`/api/conversations/{id}/appointments`): propose a time and place,
/// accept or decline the other side's proposal, call one off. Every call needs the signed-in
/// `session` (shared with `AccountsClient` and `ConversationsClient`); an expired access token is
/// refreshed once and the call retried. A refusal is a `SproutError.http` with the server's
/// reason: 403 my own proposal (or a block), 404 not my conversation, 409 answered, replaced or
/// past, 422 a bad time or place.
public struct AppointmentsClient: Sendable {
    /// The API client every call goes through (its session is the signed-in account's).
    public let api: APIClient

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    ///   - session: the signed-in account's, shared with `AccountsClient` and the others.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .market, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    /// The signed-in account's session.
    public var session: AuthSession { api.session }

    /// The conversation's latest appointments (20), newest first, whatever their state.
    public func appointments(in conversationID: String) async throws -> [Conversations.Appointment] {
        try await api.send(Endpoint(Conversations.Routes.appointments, conversationID)).appointments
    }

    /// Proposes meeting at `startsAt` (in the future, within `Conversations.appointmentHorizonDays`)
    /// at `place` (1 to `Conversations.maxPlaceLength` characters). It replaces the proposal
    /// waiting and an upcoming accepted appointment.
    public func propose(in conversationID: String, at startsAt: Date, place: String) async throws -> Conversations.Appointment {
        let request = Conversations.ProposeAppointment(startsAt: BookingTime.wire(startsAt), place: place)
        return try await api.send(Endpoint(Conversations.Routes.propose, conversationID, body: request))
    }

    /// Accepts the other side's proposal; of two accepts at once, one succeeds (the other gets 409).
    public func accept(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment {
        try await api.send(Endpoint(Conversations.Routes.acceptAppointment, (conversationID, appointmentID)))
    }

    public func decline(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment {
        try await api.send(Endpoint(Conversations.Routes.declineAppointment, (conversationID, appointmentID)))
    }

    /// Calls off an accepted appointment (either side), or withdraws my proposal still waiting.
    public func cancel(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment {
        try await api.send(Endpoint(Conversations.Routes.cancelAppointment, (conversationID, appointmentID)))
    }
}
