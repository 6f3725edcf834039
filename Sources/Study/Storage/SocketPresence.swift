import Fluent
import SQLKit

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

struct CreateSocketPresence: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SocketPresence.schema)
            .field("key", .string, .identifier(auto: false))
            .field("uid", .string, .required)
            .field("instance", .string, .required)
            .field("seen_ms", .int64, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "study_socket_presence_uid").on(SocketPresence.schema).column("uid").run()
        try await sql.create(index: "study_socket_presence_instance").on(SocketPresence.schema).column("instance").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SocketPresence.schema).delete()
    }
}
