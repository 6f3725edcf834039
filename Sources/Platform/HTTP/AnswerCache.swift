import Fluent
import Foundation
import Synchronization
import Vapor

/// Encoded answers to hot reads, kept beside the `ReadVersions` counter of the tables they were
/// read from. Each read asks the database for the counter (one point query, the cost of
/// `/healthz`) instead of running the read's queries, decoding its rows and encoding its JSON
/// again; a cached answer is served only while the counter is the one read before its rows were,
/// so no write acknowledged anywhere is ever missed. Entries of an older counter are dropped as
/// soon as a newer one is seen; the total size is bounded.
public final class AnswerCache<Key: Hashable & Sendable>: Sendable {
    let group: String
    let maxBytes: Int
    private let state = Mutex(State())

    private struct State {
        var version: Int64 = -1
        var entries: [Key: Data] = [:]
        var bytes = 0
    }

    /// Answers to reads of `group`'s tables, at most `maxBytes` of them.
    public init(group: String, maxBytes: Int = 8 << 20) {
        self.group = group
        self.maxBytes = maxBytes
    }

    /// The answer for `key` (everything the answer depends on besides the tables: paging, the
    /// public URL), from the cache or from `build`.
    public func answer(_ key: Key, on db: any Database, build: () async throws -> Data) async throws -> Data {
        guard let version = try await ReadVersions.current(group, on: db) else { return try await build() }
        if let cached = state.withLock({ $0.version == version ? $0.entries[key] : nil }) { return cached }
        let answer = try await build()
        state.withLock { state in
            if version > state.version { state = State(version: version) }
            // An answer read under an older counter may already be stale; one too large is not kept.
            guard version == state.version, answer.count <= maxBytes else { return }
            if state.bytes + answer.count > maxBytes { state = State(version: version) }
            state.bytes += answer.count - (state.entries.updateValue(answer, forKey: key)?.count ?? 0)
        }
        return answer
    }
}

/// JSON bytes already encoded, sent as they are.
public struct EncodedJSON: AsyncResponseEncodable {
    let bytes: Data

    public init(_ bytes: Data) {
        self.bytes = bytes
    }

    public func encodeResponse(for request: Request) async throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: bytes))
    }
}
