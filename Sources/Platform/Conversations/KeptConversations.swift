import Fluent
import PlatformCore
import SproutAPI
import Synchronization

/// What a message needs of its conversation besides itself: who is in it, their names and
/// pictures, and what it is about. None of it changes with a message, so it is kept per
/// conversation while the counters of accounts and of every app's things and pictures stand
/// still, and a send in a busy conversation reads none of it again (bench/RESULTS.md). Read the
/// counters before the rows, as `KnownRows` does: a write between the two leaves what was read
/// kept under counters that are already old.
final class KeptConversations: Sendable {
    struct Conversation: Sendable {
        let id: String
        let webID: String
        let topic: ConversationTopic
        /// Both people, in id order.
        let members: [String]
        let people: [String: Conversations.Person]
        let about: Conversations.About?

        func other(than me: String) -> String { members[0] == me ? members[1] : members[0] }
    }

    private struct Kept {
        var versions: [Int64] = []
        var conversations: [String: Conversation] = [:]
    }

    let versions: ReadVersions
    /// Conversations kept at most; past it, the kept ones are forgotten and read again.
    let capacity: Int
    private let kept = Mutex(Kept())

    init(versions: ReadVersions, capacity: Int = 10_000) {
        self.versions = versions
        self.capacity = capacity
    }

    /// The conversation `id` under the counters of `groups`, read by `read` when it is not kept.
    /// Nothing is kept while a counter cannot be read: no write would be seen to forget it.
    func conversation(_ id: String, groups: [String], on db: any Database,
                      read: () async throws -> Conversation) async throws -> Conversation {
        let all = try await versions.all(on: db)
        let counters = groups.compactMap { all[$0] }
        guard counters.count == groups.count else { return try await read() }
        if let found = kept.withLock({ $0.versions == counters ? $0.conversations[id] : nil }) { return found }
        let conversation = try await read()
        kept.withLock { kept in
            // Counters only grow: what was read under older ones than those kept is not kept.
            guard kept.versions.isEmpty || zip(counters, kept.versions).allSatisfy({ $0 >= $1 }) else { return }
            if kept.versions != counters || kept.conversations.count >= capacity { kept = Kept(versions: counters) }
            kept.conversations[id] = conversation
        }
        return conversation
    }
}
