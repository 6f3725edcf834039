/// What the appointment rules refuse, in the domain's words; Sprout's conversations API maps these
/// once (ConversationErrorMapping.swift), the conversation page to its own words (`AppointmentViews`).
public enum AppointmentError: Error, Equatable, Sendable {
    public enum TimeProblem: Equatable, Sendable {
        /// Not a time: ISO 8601 with an offset, or a Korean local time.
        case unreadable
        case past
        case tooFar(days: Int)
    }

    public enum PlaceProblem: Equatable, Sendable {
        case empty
        case tooLong(maximum: Int)
        case controlCharacters
    }

    /// No such conversation or appointment of mine: the same answer, so an id reveals nothing.
    case notFound
    /// A proposal is answered by the other side, never by its proposer.
    case ownProposal
    /// Not open to this any more: answered, replaced, cancelled, or its time has come; or the
    /// conversation's app no longer lets its two people meet through it (a study that ended).
    case closed
    case invalidTime(TimeProblem)
    case invalidPlace(PlaceProblem)
    /// One of the two blocked the other.
    case blocked
}
