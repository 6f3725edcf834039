import Foundation
import SproutAPI
import SproutKit

/// What the appointment screen asks of Sprout's conversations API. `AppointmentsClient` is the
/// real one; tests hand the view model a stand-in.
public protocol AppointmentService: Sendable {
    func appointments(in conversationID: String) async throws -> [Conversations.Appointment]
    func propose(in conversationID: String, at startsAt: Date, place: String) async throws -> Conversations.Appointment
    func accept(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment
    func decline(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment
    func cancel(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment
}

extension AppointmentsClient: AppointmentService {}
