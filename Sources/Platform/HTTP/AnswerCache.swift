import Fluent
import Foundation
import Synchronization
import Vapor

/// Encoded answers to hot reads, kept beside the `ReadVersions` counter of the tables they were
/// read from. Each read asks the database for the counter (one point query, the cost of
/// `/healthz`) instead of running the read's queries, decoding its rows and encoding its JSON
/// again; a cached answer is served only while the counter is the one read before its rows were,
/// so no write acknowledged anywhere is ever missed. Entries of an older counter are dropped as
/// soon as a newer one is seen; the total size is bounded. Each kept answer carries its `ETag`,
/// digested once when it is built rather than on every read.
public final class AnswerCache<Key: Hashable & Sendable>: Sendable {
    let group: String
    let versions: ReadVersions
    let maxBytes: Int
    /// The account whose counter of `group` a key's answer is kept under; nil for the group's one
    /// counter (`AccountReadVersions`).
    let account: (@Sendable (Key) -> String)?
    private let state = Mutex(State())

    private struct State {
        /// The newest group counter seen; unused when answers are kept per account.
        var version: Int64 = -1
        var entries: [Key: Entry] = [:]
        var bytes = 0
    }

    private struct Entry {
        let version: Int64
        let answer: EncodedAnswer
    }

    /// Answers to reads of `group`'s tables, at most `maxBytes` of them.
    public init(group: String, versions: ReadVersions, maxBytes: Int = 8 << 20) {
        self.group = group
        self.versions = versions
        self.maxBytes = maxBytes
        account = nil
    }

    /// Answers to reads of one account's rows of `group`'s tables, each kept under the counter of
    /// the account `account` names for its key, so other accounts' writes leave it alone.
    public init(group: String, perAccount account: @escaping @Sendable (Key) -> String, versions: ReadVersions, maxBytes: Int = 8 << 20) {
        self.group = group
        self.versions = versions
        self.maxBytes = maxBytes
        self.account = account
    }

    /// The answer for `key` (everything the answer depends on besides the tables: paging, the
    /// public URL), from the cache or from `build`.
    public func answer(_ key: Key, for request: Request, build: () async throws -> Data) async throws -> EncodedAnswer {
        let version = if let account {
            try await versions.current(group, account: account(key), on: request.db)
        } else {
            try await versions.current(group, for: request)
        }
        guard let version else { return EncodedAnswer(try await build()) }
        if let cached = state.withLock({ $0.entries[key].flatMap { $0.version == version ? $0.answer : nil } }) { return cached }
        let answer = EncodedAnswer(try await build())
        state.withLock { state in
            if account == nil {
                // One counter for every key: entries of an older one are all stale.
                if version > state.version { state = State(version: version) }
                guard version == state.version else { return }
            }
            // An answer read under an older counter than the one kept may already be stale; one
            // too large is not kept.
            guard (state.entries[key]?.version ?? version) <= version, answer.bytes.count <= maxBytes else { return }
            if state.bytes + answer.bytes.count > maxBytes { state = State(version: state.version) }
            let replaced = state.entries.updateValue(Entry(version: version, answer: answer), forKey: key)
            state.bytes += answer.bytes.count - (replaced?.answer.bytes.count ?? 0)
        }
        return answer
    }
}

/// An answer's JSON bytes and the strong `ETag` naming them.
public struct EncodedAnswer: Sendable {
    public let bytes: Data
    public let tag: String

    public init(_ bytes: Data) {
        self.bytes = bytes
        tag = bytes.withUnsafeBytes { ConditionalGetMiddleware.tag(of: $0) }
    }
}

/// JSON bytes already encoded, sent as they are. With a tag, the answer is a conditional one
/// already (`ConditionalGetMiddleware` leaves it alone): a request naming the tag gets a 304.
public struct EncodedJSON: AsyncResponseEncodable {
    let bytes: Data
    let tag: String?

    public init(_ bytes: Data) {
        self.bytes = bytes
        tag = nil
    }

    public init(_ answer: EncodedAnswer) {
        bytes = answer.bytes
        tag = answer.tag
    }

    public func encodeResponse(for request: Request) async throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        guard let tag else { return Response(status: .ok, headers: headers, body: .init(data: bytes)) }
        headers.replaceOrAdd(name: .eTag, value: tag)
        headers.replaceOrAdd(name: .cacheControl, value: ConditionalGetMiddleware.revalidateAlways)
        if ConditionalGetMiddleware.matches(request.headers[.ifNoneMatch], tag) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(data: bytes))
    }
}
