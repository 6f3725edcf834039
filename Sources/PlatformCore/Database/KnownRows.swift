import Fluent
import Synchronization
import Vapor

/// Rows of one table known to exist, kept while the `ReadVersions` counter of a group covering
/// that table is unchanged. The lessons contract checks the caller's API key and account on every
/// call; with the counter read on the calling thread (SQLite), a known row costs no query. Only
/// rows found are kept, so an unknown value is always asked of the database, and any write to
/// the table forgets them all: a deleted key or account is refused by the next call.
public final class KnownRows: Sendable {
    let table: String
    let column: String
    let group: String
    let versions: ReadVersions
    /// Values kept at most; past it, rows are asked of the database again.
    let capacity: Int
    private let known = Mutex(Known())

    private struct Known {
        var version: Int64 = -1
        var values: Set<String> = []
    }

    public init(table: String, column: String, group: ReadGroup, versions: ReadVersions, capacity: Int = 100_000) {
        self.table = table
        self.column = column
        self.group = group.name
        self.versions = versions
        self.capacity = capacity
        versions.declared.declare(group)
    }

    /// Whether a row holds `value`, as `request` sees the table (`ReadVersions.current(_:for:)`).
    public func exists(_ value: String, for request: Request) async throws -> Bool {
        // The counter is read before the row, as `AnswerCache` does: a write between the two
        // leaves the value kept under a counter that is already old.
        let version = try await versions.current(group, for: request)
        if let version, known.withLock({ $0.version == version && $0.values.contains(value) }) { return true }
        guard try await RowExistence.exists(in: table, where: column, is: value, on: request.db) else { return false }
        if let version {
            known.withLock { known in
                if version > known.version { known = Known(version: version) }
                if version == known.version, known.values.count < capacity { known.values.insert(value) }
            }
        }
        return true
    }
}

/// The counter bumped by every write to accounts and API keys, which `KnownRows` keep.
package enum CredentialsReadVersion {
    package static let group = ReadGroup("credentials", tables: ["accounts", "api_keys"])
}
