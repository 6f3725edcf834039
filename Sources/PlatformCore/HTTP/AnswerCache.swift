import Fluent
import Foundation
import Synchronization
import Vapor

/// Encoded answers to hot reads, kept beside the `ReadVersions` counter of the tables they were
/// read from. Each read asks the database for the counter (one point query, the cost of
/// `/healthz`) instead of running the read's queries, decoding its rows and encoding its JSON
/// again; a cached answer is served only while the counter is the one read before its rows were,
/// so no write acknowledged anywhere is ever missed. With one counter for the group, entries of
/// an older counter are dropped as soon as a newer one is seen; kept per account, each entry
/// carries its own. The total size is bounded. Each kept answer carries its `ETag`, digested
/// once when it is built rather than on every read.
///
/// Reads of one key under one counter share one build: after a write, the requests that were all
/// reading a hot page wait for the first one's rows instead of each reading them again.
public final class AnswerCache<Key: Hashable & Sendable>: Sendable {
    let group: String
    let versions: ReadVersions
    let maxBytes: Int
    /// The account whose counter of `group` a key's answer is kept under; nil for the group's one
    /// counter (`ReadGroup.Counting`).
    let account: (@Sendable (Key) -> String)?
    private let state = Mutex(State())

    private struct State {
        /// The newest group counter seen; unused when answers are kept per account.
        var version: Int64 = -1
        var entries: [Key: Entry] = [:]
        var bytes = 0
        /// The builds under way, and the requests waiting for each; nil answers a failed build.
        var building: [Build: [CheckedContinuation<EncodedAnswer?, Never>]] = [:]

        /// The kept answer to `read`'s key, when it was built under `read`'s counter.
        func kept(_ read: Build) -> EncodedAnswer? {
            entries[read.key].flatMap { $0.version == read.version ? $0.answer : nil }
        }

        mutating func dropEntries(keeping version: Int64) {
            self.version = version
            entries = [:]
            bytes = 0
        }
    }

    private struct Entry {
        let version: Int64
        let answer: EncodedAnswer
    }

    private struct Build: Hashable {
        let key: Key
        let version: Int64
    }

    /// Answers to reads of `group`'s tables, at most `maxBytes` of them.
    public init(_ group: ReadGroup, versions: ReadVersions, maxBytes: Int = 8 << 20) {
        self.group = group.name
        self.versions = versions
        self.maxBytes = maxBytes
        account = nil
        versions.declared.declare(group)
    }

    /// Answers to reads of one account's rows of `group`'s tables, each kept under the counter of
    /// the account `account` names for its key, so other accounts' writes leave it alone.
    public init(_ group: ReadGroup, perAccount account: @escaping @Sendable (Key) -> String, versions: ReadVersions, maxBytes: Int = 8 << 20) {
        self.group = group.name
        self.versions = versions
        self.maxBytes = maxBytes
        self.account = account
        versions.declared.declare(group)
    }

    /// Requests waiting for another request's build.
    var waitingCount: Int { state.withLock { $0.building.values.reduce(0) { $0 + $1.count } } }

    /// The answer for `key` (everything the answer depends on besides the tables: paging, the
    /// public URL), from the cache, from a build another request has under way, or from `build`.
    public func answer(_ key: Key, for request: Request, build: () async throws -> Data) async throws -> EncodedAnswer {
        let version = if let account {
            try await versions.current(group, account: account(key), for: request)
        } else {
            try await versions.current(group, for: request)
        }
        guard let version else { return EncodedAnswer(try await build()) }
        let underWay = Build(key: key, version: version)
        let found = state.withLock { state -> Found in
            if let answer = state.kept(underWay) { return .kept(answer) }
            if state.building[underWay] != nil { return .underWay }
            state.building[underWay] = []
            return .nothing
        }
        switch found {
        case .kept(let answer):
            return answer
        case .underWay:
            // A failed build answers its waiters nil, and each then reads for itself.
            if let shared = await waitFor(underWay) { return shared }
            return EncodedAnswer(try await build())
        case .nothing:
            return try await buildSharing(underWay, build)
        }
    }

    private enum Found {
        case kept(EncodedAnswer)
        case underWay
        case nothing
    }

    private func waitFor(_ underWay: Build) async -> EncodedAnswer? {
        await withCheckedContinuation { waiter in
            let waiting = state.withLock { state in
                state.building[underWay]?.append(waiter)
                return state.building[underWay] != nil
            }
            // The build ended since this request saw it under way.
            if !waiting { waiter.resume(returning: state.withLock { $0.kept(underWay) }) }
        }
    }

    private func buildSharing(_ underWay: Build, _ build: () async throws -> Data) async throws -> EncodedAnswer {
        let built: Result<EncodedAnswer, any Error>
        do {
            built = .success(EncodedAnswer(try await build()))
        } catch {
            built = .failure(error)
        }
        let waiters = state.withLock { state in
            if case .success(let answer) = built { keep(answer, as: underWay, in: &state) }
            return state.building.removeValue(forKey: underWay) ?? []
        }
        for waiter in waiters { waiter.resume(returning: try? built.get()) }
        return try built.get()
    }

    private func keep(_ answer: EncodedAnswer, as built: Build, in state: inout State) {
        let version = built.version
        if account == nil {
            // One counter for every key: entries of an older one are all stale.
            if version > state.version { state.dropEntries(keeping: version) }
            guard version == state.version else { return }
        }
        // An answer read under an older counter than the one kept may already be stale; one too
        // large is not kept.
        guard (state.entries[built.key]?.version ?? version) <= version, answer.bytes.count <= maxBytes else { return }
        if state.bytes + answer.bytes.count > maxBytes { state.dropEntries(keeping: state.version) }
        let replaced = state.entries.updateValue(Entry(version: version, answer: answer), forKey: built.key)
        state.bytes += answer.bytes.count - (replaced?.answer.bytes.count ?? 0)
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
