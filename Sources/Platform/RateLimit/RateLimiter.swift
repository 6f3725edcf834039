import Foundation
import PlatformCore
import Synchronization

public struct RateLimitSettings: Sendable, Equatable {
    /// 0 turns the limit off.
    public var requestsPerMinutePerIP: Int
    public var requestsPerMinutePerAccount: Int
    /// Log-in attempts, on every contract and the web, from one client IP.
    public var loginsPerMinutePerIP: Int
    /// Failed log-ins for one email, whatever the IP: password guessing spread over many addresses.
    public var failedLoginsPerMinutePerEmail: Int
    /// New accounts per hour from one client IP, on every contract and the web.
    public var signupsPerHourPerIP: Int

    public init(requestsPerMinutePerIP: Int, requestsPerMinutePerAccount: Int, loginsPerMinutePerIP: Int = 0, failedLoginsPerMinutePerEmail: Int = 0,
                signupsPerHourPerIP: Int = 0) {
        self.requestsPerMinutePerIP = requestsPerMinutePerIP
        self.requestsPerMinutePerAccount = requestsPerMinutePerAccount
        self.loginsPerMinutePerIP = loginsPerMinutePerIP
        self.failedLoginsPerMinutePerEmail = failedLoginsPerMinutePerEmail
        self.signupsPerHourPerIP = signupsPerHourPerIP
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
        let window: TimeInterval
    }

    private struct Table {
        var buckets: [String: Bucket] = [:]
        var prunedAt = Date.distantPast
    }

    private let clock: WallClock
    private let table = Mutex(Table())

    public init(clock: WallClock) {
        self.clock = clock
    }

    /// Takes one token from `key`'s bucket, answering false when it is empty.
    public func allow(_ key: String, perMinute limit: Int) -> Bool {
        take(key, perMinute: limit) == nil
    }

    /// Takes one token from `key`'s bucket; when it is empty, takes nothing and answers the whole
    /// seconds until the next token, for a `Retry-After` header.
    /// A limit of 0 is off, and `key` is then not worked out at all.
    public func take(_ key: @autoclosure () -> String, perMinute limit: Int) -> Int? {
        settle(key, limit: limit, per: 60, taking: true)
    }

    /// `take` for an allowance per hour, refilled continuously over the hour.
    public func take(_ key: @autoclosure () -> String, perHour limit: Int) -> Int? {
        settle(key, limit: limit, per: 3600, taking: true)
    }

    /// The seconds until `key` may try again when its bucket is empty, taking nothing either way.
    public func wait(_ key: @autoclosure () -> String, perMinute limit: Int) -> Int? {
        settle(key, limit: limit, per: 60, taking: false)
    }

    private func settle(_ key: () -> String, limit: Int, per window: TimeInterval, taking: Bool) -> Int? {
        guard limit > 0 else { return nil }
        let key = key()
        let now = clock.now()
        let capacity = Double(limit)
        let refillPerSecond = capacity / window
        return table.withLock { table in
            Self.prune(&table, now: now)
            var bucket = table.buckets[key] ?? Bucket(tokens: capacity, updatedAt: now, window: window)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.updatedAt)) * refillPerSecond)
            bucket.updatedAt = now
            let allowed = bucket.tokens >= 1
            if allowed, taking { bucket.tokens -= 1 }
            table.buckets[key] = bucket
            return allowed ? nil : max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up)))
        }
    }

    /// Any bucket untouched for its window has refilled whole and carries no information.
    /// Dropping them once a minute keeps the table as large as a window's clients, at one scan a
    /// minute rather than one per request once it is large.
    private static func prune(_ table: inout Table, now: Date) {
        guard now.timeIntervalSince(table.prunedAt) >= 60 else { return }
        table.buckets = table.buckets.filter { now.timeIntervalSince($0.value.updatedAt) < $0.value.window }
        table.prunedAt = now
    }

    /// How many clients have a bucket now, for tests of the pruning.
    var bucketCount: Int { table.withLock { $0.buckets.count } }
}
