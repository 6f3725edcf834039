import Foundation

extension Conversations {
    /// The longest place an appointment names, in characters.
    public static let maxPlaceLength = 100
    /// How far ahead an appointment may be proposed, in days.
    public static let appointmentHorizonDays = 90

    /// Where an appointment stands. One conversation has at most one waiting (`proposed`) or
    /// upcoming `accepted` appointment: a new proposal replaces both.
    public enum AppointmentState: String, Codable, Sendable, CaseIterable {
        /// Waiting for the other side's answer.
        case proposed
        /// Agreed; both are reminded an hour before.
        case accepted
        case declined
        /// A later proposal took its place (another time suggested, or a rescheduling).
        case replaced
        /// Withdrawn by its proposer, or called off by either side once accepted.
        case cancelled
    }

    /// A time and place one person of a conversation proposed to the other.
    public struct Appointment: Codable, Sendable, Equatable {
        public var id: Int
        public var conversationID: String
        public var proposerID: String
        /// ISO 8601, UTC, to the second (`2026-12-03T10:00:00Z`); people agree on it in Korean time.
        public var startsAt: String
        public var place: String
        public var state: AppointmentState
        /// Whether I proposed it.
        public var mine: Bool

        public init(id: Int, conversationID: String, proposerID: String, startsAt: String, place: String, state: AppointmentState, mine: Bool) {
            self.id = id
            self.conversationID = conversationID
            self.proposerID = proposerID
            self.startsAt = startsAt
            self.place = place
            self.state = state
            self.mine = mine
        }

        enum CodingKeys: String, CodingKey {
            case id, conversationID = "conversation_id", proposerID = "proposer_id", startsAt = "starts_at", place, state, mine
        }
    }

    /// `POST /api/conversations/{id}/appointments`. `starts_at` is an ISO 8601 time with an offset
    /// (`2026-12-03T19:00:00+09:00`, `…Z`) or a Korean local time (`2026-12-03T19:00`), in the
    /// future and within 90 days; `place` is 1 to 100 characters.
    public struct ProposeAppointment: Codable, Sendable, Equatable {
        public var startsAt: String?
        public var place: String?

        public init(startsAt: String, place: String) {
            self.startsAt = startsAt
            self.place = place
        }

        enum CodingKeys: String, CodingKey {
            case startsAt = "starts_at", place
        }
    }

    /// A conversation's appointments, newest first (the latest 20).
    public struct AppointmentList: Codable, Sendable, Equatable {
        public var appointments: [Appointment]
        public init(appointments: [Appointment]) { self.appointments = appointments }
    }
}
