import Foundation
import Synchronization

public struct RateLimitSettings: Sendable, Equatable {
    /// 0 turns the limit off.
    public var requestsPerMinutePerIP: Int
    public var requestsPerMinutePerAccount: Int

    public init(requestsPerMinutePerIP: Int, requestsPerMinutePerAccount: Int) {
        self.requestsPerMinutePerIP = requestsPerMinutePerIP
        self.requestsPerMinutePerAccount = requestsPerMinutePerAccount
    }

    public static let off = RateLimitSettings(requestsPerMinutePerIP: 0, requestsPerMinutePerAccount: 0)
}

/// A token bucket per key (`ip:…`, `account:…`): each key may burst up to its per-minute allowance,
/// which refills continuously. Buckets live in this process; several instances each apply the
/// limit to the traffic they see.
public final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updatedAt: Date
    }

    private let clock: WallClock
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Full buckets carry no information; they are dropped once the table grows past this.
    private let pruneThreshold = 10_000

    public init(clock: WallClock) {
        self.clock = clock
    }

    /// Takes one token from `key`'s bucket, answering false when it is empty.
    public func allow(_ key: String, perMinute limit: Int) -> Bool {
        guard limit > 0 else { return true }
        let now = clock.now()
        let capacity = Double(limit)
        let refillPerSecond = capacity / 60
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updatedAt: now)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.updatedAt)) * refillPerSecond)
            bucket.updatedAt = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[key] = bucket
            if buckets.count > pruneThreshold {
                buckets = buckets.filter { _, bucket in
                    bucket.tokens + now.timeIntervalSince(bucket.updatedAt) * refillPerSecond < capacity
                }
            }
            return allowed
        }
    }
}
