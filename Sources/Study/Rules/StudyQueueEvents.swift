import Fluent

/// What changed in someone's queue state, told to them as it happens (the study socket's
/// `queueState` event) so an open screen need not poll `myQueueState` every five seconds.
enum StudyQueueEvent: String, Sendable {
    /// Someone asked me to study.
    case studyRequest
    /// I am matched.
    case matched
    /// My partner cancelled the study.
    case dodged
    /// My partner reviewed me, which ends the study on their side.
    case reviewed
    /// Someone took back the request they had sent me (web only).
    case requestWithdrawn
}

/// Where the rules report queue changes once they are committed; the module hands them to the
/// sockets and the phones. `cause` is the uid whose action made the change.
struct StudyQueueEvents: Sendable {
    let tell: @Sendable (_ uids: [String], _ event: StudyQueueEvent, _ cause: String, _ db: any Database) async -> Void
}
