import NIOPosix
import PlatformCore
import Synchronization
import Vapor

/// Bcrypt on a thread pool: a hash costs tens of milliseconds of CPU, which would stall every
/// connection on the event loop it ran on. Its threads run at a lower priority than the rest of
/// the process, so logins take every idle core but yield to requests that are cheap to answer.
///
/// At most `maxPending` hashes wait or run at once; the next is refused at once with a 503 and
/// `Retry-After`. A burst of log-ins beyond what the threads get through in a few seconds would
/// only queue: each caller would wait out everyone before them, and the queue itself would grow
/// without bound under a flood.
public struct PasswordHashing: Sendable {
    /// OWASP's minimum work factor for bcrypt (Password Storage Cheat Sheet), and the default.
    public static let minimumCost = 10
    /// The costs an operator may configure: each step doubles a login's work, and 16 already
    /// takes seconds per hash on a small server.
    public static let configurableCosts = minimumCost...16

    /// Hashes waiting or running per hashing thread before new ones are refused: about a second of
    /// work at the default cost on a small server, four at cost 12.
    public static let pendingPerThread = 16

    let threadPool: NIOThreadPool
    let cost: Int
    let maxPending: Int
    private let pending = PendingCount()
    /// A digest of a random password nobody knows, checked against when an email is unknown so
    /// that response time does not tell which addresses have accounts.
    let decoyDigest: String

    public init(threadPool: NIOThreadPool, threads: Int, cost: Int) throws {
        try self.init(threadPool: threadPool, cost: cost, maxPending: threads * Self.pendingPerThread)
    }

    init(threadPool: NIOThreadPool, cost: Int, maxPending: Int) throws {
        self.threadPool = threadPool
        self.cost = cost
        self.maxPending = maxPending
        decoyDigest = try Bcrypt.hash(IdentifierGenerator.secureRandom.token(), cost: cost)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await onHashingThread { try Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against digest: String) async throws -> Bool {
        try await onHashingThread { (try? Bcrypt.verify(password, created: digest)) ?? false }
    }

    /// Whether `digest` was made at another cost than the one configured now, so that a login
    /// that just proved the password should store it again at this cost.
    public func needsRehash(_ digest: String) -> Bool {
        Self.cost(of: digest) != cost
    }

    /// The cost in a modular-crypt bcrypt digest (`$2b$10$…`); nil for anything else.
    static func cost(of digest: String) -> Int? {
        let fields = digest.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0].isEmpty, fields[1].hasPrefix("2"), fields[2].count == 2 else { return nil }
        return Int(fields[2])
    }

    /// Hashes waiting or running now.
    var pendingCount: Int { pending.current }

    private func onHashingThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard pending.enter(limit: maxPending) else { throw HashingBusy() }
        defer { pending.leave() }
        // The answer comes back through an event loop, not from the hashing thread itself: a
        // thread the hashing thread starts (Dispatch starts a worker from whichever thread hands
        // it a job) would inherit its lowered priority for good.
        return try await threadPool.runIfActive(eventLoop: MultiThreadedEventLoopGroup.singleton.any()) {
            HashingThreadPool.yieldToRequests()
            return try work()
        }.get()
    }

    /// Spends the same time as a real check, and fails.
    public func verifyDecoy(_ password: String) async throws {
        _ = try await verify(password, against: decoyDigest)
    }
}

/// Too many passwords are being hashed already: try again in a second.
public struct HashingBusy: AbortError {
    public var status: HTTPResponseStatus { .serviceUnavailable }
    public var reason: String { "Too many log-ins at once; try again in a second." }
    public var headers: HTTPHeaders { ["Retry-After": "1"] }
}

private final class PendingCount: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more unless `limit` are pending already.
    func enter(limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func leave() {
        count.subtract(1, ordering: .relaxed)
    }

    var current: Int { count.load(ordering: .relaxed) }
}
