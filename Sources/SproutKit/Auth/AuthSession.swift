import Foundation

/// The tokens of a signed-in session.
public struct AuthTokens: Sendable, Equatable, Codable {
    public var accessToken: String
    public var refreshToken: String

    public init(accessToken: String, refreshToken: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

/// What an app observes about its session.
public enum AuthEvent: Sendable, Equatable {
    case signedIn
    case signedOut
    /// The server no longer accepts the refresh token: show the login screen.
    case sessionExpired
}

/// Holds the session's tokens and refreshes the access token when it expires. Concurrent callers
/// that hit an expired token share one refresh: the first starts it, the rest wait for it.
public actor AuthSession {
    /// Gets a new access token for `tokens` from the server, throwing `SproutError.sessionExpired`
    /// when the server refuses the refresh token.
    public typealias Refresher = @Sendable (_ tokens: AuthTokens) async throws -> String

    public private(set) var tokens: AuthTokens?
    private var inFlightRefresh: Task<String, any Error>?
    private var continuations: [UUID: AsyncStream<AuthEvent>.Continuation] = [:]

    public init(tokens: AuthTokens? = nil) {
        self.tokens = tokens
    }

    /// A stream of session events; each call returns a new stream.
    public func events() -> AsyncStream<AuthEvent> {
        let (stream, continuation) = AsyncStream<AuthEvent>.makeStream()
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(id) }
        }
        return stream
    }

    public func signIn(_ tokens: AuthTokens) {
        self.tokens = tokens
        emit(.signedIn)
    }

    public func signOut() {
        tokens = nil
        inFlightRefresh?.cancel()
        inFlightRefresh = nil
        emit(.signedOut)
    }

    /// A fresh access token to replace `expired`. When another caller has already replaced it, the
    /// new token is returned without asking the server again.
    func accessToken(replacing expired: String, using refresher: @escaping Refresher) async throws -> String {
        guard let current = tokens else { throw SproutError.notSignedIn }
        if current.accessToken != expired { return current.accessToken }
        if let inFlightRefresh { return try await inFlightRefresh.value }
        let task = Task { try await refresher(current) }
        inFlightRefresh = task
        defer { inFlightRefresh = nil }
        do {
            let fresh = try await task.value
            if tokens?.refreshToken == current.refreshToken { tokens?.accessToken = fresh }
            return fresh
        } catch SproutError.sessionExpired {
            if tokens?.refreshToken == current.refreshToken {
                tokens = nil
                emit(.sessionExpired)
            }
            throw SproutError.sessionExpired
        }
    }

    private func emit(_ event: AuthEvent) {
        for continuation in continuations.values { continuation.yield(event) }
    }

    private func removeContinuation(_ id: UUID) {
        continuations[id] = nil
    }
}
