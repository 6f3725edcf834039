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
    private let state = Mutex(State())

    private struct State {
        var version: Int64 = -1
        var entries: [Key: EncodedAnswer] = [:]
        var bytes = 0
    }

    /// Answers to reads of `group`'s tables, at most `maxBytes` of them.
    public init(group: String, versions: ReadVersions, maxBytes: Int = 8 << 20) {
        self.group = group
        self.versions = versions
        self.maxBytes = maxBytes
    }

    /// The answer for `key` (everything the answer depends on besides the tables: paging, the
    /// public URL), from the cache or from `build`.
    public func answer(_ key: Key, for request: Request, build: () async throws -> Data) async throws -> EncodedAnswer {
        guard let version = try await versions.current(group, for: request) else { return EncodedAnswer(try await build()) }
        if let cached = state.withLock({ $0.version == version ? $0.entries[key] : nil }) { return cached }
        let answer = EncodedAnswer(try await build())
        state.withLock { state in
            if version > state.version { state = State(version: version) }
            // An answer read under an older counter may already be stale; one too large is not kept.
            guard version == state.version, answer.bytes.count <= maxBytes else { return }
            if state.bytes + answer.bytes.count > maxBytes { state = State(version: version) }
            state.bytes += answer.bytes.count - (state.entries.updateValue(answer, forKey: key)?.bytes.count ?? 0)
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
