import NIOPosix
import Synchronization
import Vapor

/// Bcrypt on a thread pool: a hash costs tens of milliseconds of CPU, which would stall every
/// connection on the event loop it ran on.
///
/// At most `maxPending` hashes wait or run at once; the next is refused at once with a 503 and
/// `Retry-After`. A burst of log-ins beyond what the threads get through in a few seconds would
/// only queue: each caller would wait out everyone before them, and the queue itself would grow
/// without bound under a flood.
public struct PasswordHashing: Sendable {
    /// Hashes waiting or running per hashing thread before new ones are refused: about four
    /// seconds of work at bcrypt cost 12 on this machine.
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
        return try await admitted { try await threadPool.runIfActive { try Bcrypt.hash(password, cost: cost) } }
    }

    public func verify(_ password: String, against digest: String) async throws -> Bool {
        try await admitted { try await threadPool.runIfActive { (try? Bcrypt.verify(password, created: digest)) ?? false } }
    }

    /// Hashes waiting or running now.
    var pendingCount: Int { pending.current }

    private func admitted<T>(_ work: () async throws -> T) async throws -> T {
        guard pending.enter(limit: maxPending) else { throw HashingBusy() }
        defer { pending.leave() }
        return try await work()
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
