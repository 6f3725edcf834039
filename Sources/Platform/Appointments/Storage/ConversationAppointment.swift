import Fluent
import Foundation
import SproutAPI

/// A time and place one person of a conversation proposed to the other, and what became of it
/// (`Conversations.AppointmentState`'s raw values). Rows are never deleted with their state: the
/// conversation's list shows what was proposed before.
final class ConversationAppointment: Model, @unchecked Sendable {
    static let schema = "conversation_appointments"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "conversation_id") var conversationID: String
    @Field(key: "proposer_id") var proposerID: String
    @Field(key: "starts_at") var startsAt: Date
    @Field(key: "place") var place: String
    @Field(key: "state") var state: String
    /// When the other side accepted it: the reminder skips an appointment accepted after its time,
    /// and a calendar keeps one that was accepted once, as cancelled, after it is called off.
    @OptionalField(key: "accepted_at") var acceptedAt: Date?
    /// Whether the reminder an hour before was claimed (sent, or skipped).
    @Field(key: "reminded") var reminded: Bool
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    init(conversationID: String, proposerID: String, startsAt: Date, place: String, at now: Date) {
        self.conversationID = conversationID
        self.proposerID = proposerID
        self.startsAt = startsAt
        self.place = place
        state = Conversations.AppointmentState.proposed.rawValue
        reminded = false
        createdAt = now
        updatedAt = now
    }

    var appointmentState: Conversations.AppointmentState { Conversations.AppointmentState(rawValue: state) ?? .cancelled }
}
