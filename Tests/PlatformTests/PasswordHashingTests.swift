import Dispatch
import NIOPosix
@testable import Platform
import Testing
import Vapor

/// The hashing queue is bounded: once it is full, a log-in is refused at once instead of waiting
/// behind everyone else, and the queue takes work again as hashes finish.
@Suite struct PasswordHashingTests {
    @Test func aFullQueueRefusesAtOnceAndRecovers() async throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let hashing = try PasswordHashing(threadPool: pool, cost: 4, maxPending: 2)

        // The only thread is held, so admitted hashes wait in the queue.
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let holder = Task { try await pool.runIfActive { started.signal(); release.wait() } }
        started.wait()
        let first = Task { try await hashing.hash("first password") }
        let second = Task { try await hashing.verify("second", against: hashing.decoyDigest) }
        while hashing.pendingCount < 2 { await Task.yield() }

        await #expect(throws: HashingBusy.self) { try await hashing.hash("third password") }
        #expect(HashingBusy().status == .serviceUnavailable && HashingBusy().headers.first(name: "Retry-After") == "1")

        release.signal()
        try await holder.value
        #expect(try Bcrypt.verify("first password", created: try await first.value))
        #expect(try await second.value == false)
        #expect(hashing.pendingCount == 0)
        #expect(try Bcrypt.verify("fourth password", created: try await hashing.hash("fourth password")))
        try await pool.shutdownGracefully()
    }

    /// Hashing threads yield to requests without starving (niced, not `SCHED_IDLE`), so logins flat
    /// out leave the cores to requests and still finish on a busy machine; the thread that asked
    /// for the hash keeps its own priority.
    @Test func hashesRunOnThreadsOfLowerPriority() async throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let hashing = try PasswordHashing(threadPool: pool, cost: 4, maxPending: 2)
        let before = Self.priority()
        _ = try await hashing.hash("a password")
        let hashingThread = try await pool.runIfActive { Self.priority() }
        #expect(hashingThread.niceness == HashingThreadPool.niceness && hashingThread.policy == before.policy)
        #expect(Self.priority() == before)
        try await pool.shutdownGracefully()
    }

    @Test func aDigestOfAnotherCostNeedsRehashing() throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        let hashing = try PasswordHashing(threadPool: pool, cost: 4, maxPending: 1)
        #expect(PasswordHashing.cost(of: try Bcrypt.hash("pw", cost: 5)) == 5)
        #expect(hashing.needsRehash(try Bcrypt.hash("pw", cost: 5)))
        #expect(!hashing.needsRehash(try Bcrypt.hash("pw", cost: 4)))
        for malformed in ["", "plain", "$2b$x1$abc", "$1$10$abc", "$2b$10"] {
            #expect(PasswordHashing.cost(of: malformed) == nil)
        }
    }

    private static func priority() -> (policy: Int32, niceness: Int32) {
        #if os(Linux)
        (sched_getscheduler(0), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        #else
        (0, getpriority(PRIO_PROCESS, 0))
        #endif
    }
}
