import Fluent

/// That an instance holds at least one open study socket for a uid, as of `seenMilliseconds`.
/// One row per uid and instance: the instance writes it when the uid's first socket binds,
/// deletes it when the last one closes, and refreshes its rows while it runs, so the rows of an
/// instance that died without saying so go stale and stop counting.
final class SocketPresence: Model, @unchecked Sendable {
    static let schema = "study_socket_presence"

    /// `uid` and `instance` together.
    @ID(custom: "key", generatedBy: .user) var id: String?
    @Field(key: "uid") var uid: String
    @Field(key: "instance") var instance: String
    @Field(key: "seen_ms") var seenMilliseconds: Int64

    init() {}
}
