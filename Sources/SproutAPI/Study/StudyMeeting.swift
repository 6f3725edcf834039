import Foundation

extension Study {
    /// `GET /api/study/appointments`: the conversation a matched pair agrees on 약속 in, and its
    /// latest appointments (newest first, the latest 20). Proposing, accepting, declining and
    /// calling off go through `Conversations.Routes` with `conversation_id`, as in any
    /// conversation; they are open only while the two are matched.
    public struct Meeting: Codable, Sendable, Equatable {
        public var conversationID: String
        /// My partner's account id (the `uid` the study contract shows them by).
        public var partnerID: String
        public var appointments: [Conversations.Appointment]

        public init(conversationID: String, partnerID: String, appointments: [Conversations.Appointment]) {
            self.conversationID = conversationID
            self.partnerID = partnerID
            self.appointments = appointments
        }

        enum CodingKeys: String, CodingKey {
            case conversationID = "conversation_id", partnerID = "partner_id", appointments
        }
    }
}
