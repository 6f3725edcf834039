import PlatformCore
import Vapor

/// Answers 429 once a client IP, or an authenticated account, spends its allowance. Each API adds
/// it inside its own error middleware, so the 429 reaches clients in that contract's format.
public struct RateLimitMiddleware: AsyncMiddleware {
    public enum Scope: Sendable { case clientIP, account }

    let limiter: RateLimiter
    let settings: RateLimitSettings
    let scope: Scope

    public init(limiter: RateLimiter, settings: RateLimitSettings, scope: Scope) {
        self.limiter = limiter
        self.settings = settings
        self.scope = scope
    }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        switch scope {
        case .clientIP:
            if let wait = limiter.take("ip:\(request.clientIP)", perMinute: settings.requestsPerMinutePerIP) {
                ServerMetrics.rateLimited("ip")
                throw TooManyRequests(retryAfter: wait)
            }
        case .account:
            if let account = request.auth.get(AuthenticatedAccount.self),
               let wait = limiter.take("account:\(account.id)", perMinute: settings.requestsPerMinutePerAccount) {
                ServerMetrics.rateLimited("account")
                throw TooManyRequests(retryAfter: wait)
            }
        }
        return try await next.respond(to: request)
    }
}

/// A 429 that says when to come back; each contract's error middleware keeps its `Retry-After`.
public struct TooManyRequests: AbortError {
    public let retryAfter: Int

    public init(retryAfter: Int) { self.retryAfter = retryAfter }

    public var status: HTTPResponseStatus { .tooManyRequests }
    public var reason: String { "Too many requests; try again in \(retryAfter) s." }
    public var headers: HTTPHeaders { ["Retry-After": String(retryAfter)] }
}
