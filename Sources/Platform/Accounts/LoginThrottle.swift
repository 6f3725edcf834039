import PlatformCore

/// Limits log-in attempts before a password is checked: each check costs a bcrypt hash, and a
/// password can be guessed from one address or from many. Every contract's log-in and the web's
/// go through `AccountDirectory.authenticate`, which asks here first.
public struct LoginThrottle: Sendable {
    let limiter: RateLimiter
    let settings: RateLimitSettings

    public init(limiter: RateLimiter, settings: RateLimitSettings) {
        self.limiter = limiter
        self.settings = settings
    }

    /// Counts an attempt from `client`; refuses when that address tried too often or `email`
    /// failed too often, with the seconds to wait.
    func admit(email: String, client: String) throws(TooManyRequests) {
        if let wait = limiter.wait(Self.emailKey(email), perMinute: settings.failedLoginsPerMinutePerEmail)
            ?? limiter.take("login-ip:\(client)", perMinute: settings.loginsPerMinutePerIP) {
            ServerMetrics.rateLimited("login")
            throw TooManyRequests(retryAfter: wait)
        }
    }

    /// Counts a sign-up from `client`; refuses when that address made too many new accounts this
    /// hour, with the seconds to wait.
    func admitSignup(client: String) throws(TooManyRequests) {
        if let wait = limiter.take("signup-ip:\(client)", perHour: settings.signupsPerHourPerIP) {
            ServerMetrics.rateLimited("signup")
            throw TooManyRequests(retryAfter: wait)
        }
    }

    func recordFailure(email: String) {
        _ = limiter.take(Self.emailKey(email), perMinute: settings.failedLoginsPerMinutePerEmail)
    }

    private static func emailKey(_ email: String) -> String {
        "login-email:\(Account.key(forEmail: email))"
    }
}
