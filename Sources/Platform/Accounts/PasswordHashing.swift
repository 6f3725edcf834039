import NIOPosix
import Vapor

/// Bcrypt on a thread pool: a hash costs tens of milliseconds of CPU, which would stall every
/// connection on the event loop it ran on.
public struct PasswordHashing: Sendable {
    let threadPool: NIOThreadPool
    let cost: Int
    /// A digest of a random password nobody knows, checked against when an email is unknown so
    /// that response time does not tell which addresses have accounts.
    let decoyDigest: String

    public init(threadPool: NIOThreadPool, cost: Int) throws {
        self.threadPool = threadPool
        self.cost = cost
        decoyDigest = try Bcrypt.hash(IdentifierGenerator.secureRandom.token(), cost: cost)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await threadPool.runIfActive { try Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against digest: String) async throws -> Bool {
        try await threadPool.runIfActive { (try? Bcrypt.verify(password, created: digest)) ?? false }
    }

    /// Spends the same time as a real check, and fails.
    public func verifyDecoy(_ password: String) async throws {
        _ = try await verify(password, against: decoyDigest)
    }
}
