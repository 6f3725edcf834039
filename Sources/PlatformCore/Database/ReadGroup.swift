import Synchronization

/// What a kept read depends on, declared beside the read's key: the counter (`ReadVersions`)
/// its answers are kept under and every table whose writes must move that counter. A table the
/// read reads and the group does not name is a write the kept answer never sees; so at start
/// (`ReadTriggerCheck`) the triggers installed in the database are compared with these tables,
/// and a difference refuses the start rather than serving stale answers.
public struct ReadGroup: Sendable, Hashable, CustomStringConvertible {
    public enum Counting: Sendable, Hashable {
        /// One counter, moved by a trigger on every write to any of the tables.
        case oneCounter
        /// A counter per account, moved by a trigger with the written row's `account_id`.
        case perAccount
        /// A counter per account moved by the writers themselves, in their transaction: no
        /// trigger can name the accounts (a message concerns both people of its conversation).
        /// Its tables carry no counting trigger.
        case perAccountByWriters
    }

    public let name: String
    public let counting: Counting
    /// The tables whose writes move the counter.
    public let tables: Set<String>

    public init(_ name: String, _ counting: Counting = .oneCounter, tables: Set<String>) {
        self.name = name
        self.counting = counting
        self.tables = tables
    }

    public var description: String { name }
}

/// The groups the caches of this process were built with: `ReadTriggerCheck` compares them
/// with the database after migrating.
public final class DeclaredReadGroups: Sendable {
    private let groups = Mutex<[String: [ReadGroup]]>([:])

    public init() {}

    /// Records `group`; two declarations of one name that differ are reported by the check.
    public func declare(_ group: ReadGroup) {
        groups.withLock { declared in
            if !(declared[group.name] ?? []).contains(group) { declared[group.name, default: []].append(group) }
        }
    }

    /// Every declaration, by group name.
    public var all: [String: [ReadGroup]] { groups.withLock { $0 } }
}
