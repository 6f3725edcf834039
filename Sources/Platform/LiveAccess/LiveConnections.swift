#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PlatformCore
import Synchronization
import Vapor

/// Admits live connections, event streams and Socket.IO sessions alike: each holds a descriptor
/// for as long as it lasts, so one client address may hold at most `perClient`, and the instance
/// at most `total`, which leaves descriptors for what the server must always be able to do
/// (answer a health check, let someone log in, open the database's files).
public final class LiveConnections: Sendable {
    public enum Refusal: Error, Sendable {
        /// The client address holds its share: 429.
        case client
        /// The instance holds all it may: 503.
        case full
    }

    /// One admitted connection's place; given back once, by `release` or when the ticket goes.
    public final class Ticket: Sendable {
        private let client: String
        private let released = Atomic<Bool>(false)
        private let connections: LiveConnections

        fileprivate init(client: String, connections: LiveConnections) {
            self.client = client
            self.connections = connections
        }

        public func release() {
            guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
            connections.giveBack(client)
        }

        deinit { release() }
    }

    public let perClient: Int
    public let total: Int
    private let state = Mutex<(open: Int, byClient: [String: Int])>((0, [:]))

    public init(perClient: Int, total: Int) {
        self.perClient = perClient
        self.total = total
    }

    /// A place for one more connection from `client` (`Request.clientIP`), or why not.
    public func admit(_ client: String) -> Result<Ticket, Refusal> {
        let refusal = state.withLock { state -> Refusal? in
            guard state.open < total else { return .full }
            guard state.byClient[client, default: 0] < perClient else { return .client }
            state.open += 1
            state.byClient[client, default: 0] += 1
            return nil
        }
        if let refusal {
            ServerMetrics.rateLimited(refusal == .full ? "live-total" : "live-client")
            return .failure(refusal)
        }
        return .success(Ticket(client: client, connections: self))
    }

    /// Open connections in all, and of `client`, for tests.
    public func count(of client: String? = nil) -> Int {
        state.withLock { state in client.map { state.byClient[$0, default: 0] } ?? state.open }
    }

    private func giveBack(_ client: String) {
        state.withLock { state in
            state.open -= 1
            state.byClient[client, default: 1] -= 1
            if state.byClient[client] == 0 { state.byClient[client] = nil }
        }
    }

    /// Descriptors kept for the server's own use when live connections are at their limit: a
    /// quarter of the limit, and never fewer than this.
    public static let minimumReserve = 128

    /// Raises this process's soft descriptor limit to its hard one (the soft default, 1,024 on
    /// most systems, is far below what a server holding streams needs), then answers how many
    /// live connections that limit affords after the reserve.
    public static func descriptorBudget() -> (limit: Int, live: Int) {
        #if os(Linux)
        let descriptors = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let descriptors = RLIMIT_NOFILE
        #endif
        var limits = rlimit()
        guard getrlimit(descriptors, &limits) == 0 else { return (1024, budget(forDescriptors: 1024)) }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(descriptors, &raised) == 0 { limits = raised }
        }
        let limit = Int(clamping: limits.rlim_cur)
        return (limit, budget(forDescriptors: limit))
    }

    /// What `descriptors` afford live connections: all but the reserve, and at least one.
    static func budget(forDescriptors descriptors: Int) -> Int {
        max(1, descriptors - max(minimumReserve, descriptors / 4))
    }
}

extension LiveConnections.Refusal {
    /// The refusal as an HTTP error in the platform's `{error, reason}` format, with when to come
    /// back.
    public var abort: any AbortError {
        switch self {
        case .client: TooManyRequests(retryAfter: 30)
        case .full: Abort(.serviceUnavailable, headers: ["Retry-After": "30"], reason: "The server holds as many live connections as it can; try again shortly.")
        }
    }
}
