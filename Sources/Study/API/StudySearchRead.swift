import Platform
import PlatformCore

/// A nearby search whose answer is kept in the study `AnswerCache` while the profiles, the queue
/// and the study requests are unchanged: the same person asking about the same point. Anyone
/// joining, leaving or asking moves the counter, so a live queue is searched afresh.
struct StudySearchRead: Hashable, Sendable {
    let uid: String
    let lat: Double
    let long: Double

    /// Everything a search reads; a study pair's conversation too (`StudyPairConversations`).
    static let group = ReadGroup("study", tables: ["study_profiles", "study_queue", "study_requests"])
}
