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
            let ip = request.remoteAddress?.ipAddress ?? "unknown"
            guard limiter.allow("ip:\(ip)", perMinute: settings.requestsPerMinutePerIP) else { throw Abort(.tooManyRequests) }
        case .account:
            if let account = request.auth.get(AuthenticatedAccount.self),
               !limiter.allow("account:\(account.id)", perMinute: settings.requestsPerMinutePerAccount) {
                throw Abort(.tooManyRequests)
            }
        }
        return try await next.respond(to: request)
    }
}
