import Foundation

/// Tokens a session keeps: the credential every call carries, and whatever renews it.
public protocol SessionTokens: Sendable, Equatable {
    /// What a request carries: the access token (Sprout, LSLP) or the ID token (SeSAC Study).
    var credential: String { get }
}

/// Holds a sign-in's tokens and renews them when the server says the credential expired.
/// Concurrent callers that hit the same expired credential share one refresh: the first starts
/// it, the rest wait for its answer. `AuthSession` and `StudySession` are this actor.
public actor TokenSession<Tokens: SessionTokens> {
    /// Exchanges `tokens` for fresh ones, throwing `SproutError.sessionExpired` when the server
    /// refuses the refresh token.
    public typealias Refresher = @Sendable (_ tokens: Tokens) async throws -> Tokens

    /// The signed-in tokens, or nil when signed out (or after a refused refresh).
    public private(set) var tokens: Tokens?
    private var inFlightRefresh: Task<Tokens, any Error>?
    private var continuations: [UUID: AsyncStream<AuthEvent>.Continuation] = [:]

    public init(tokens: Tokens? = nil) {
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

    /// Keeps `tokens` and reports `.signedIn`.
    public func signIn(_ tokens: Tokens) {
        self.tokens = tokens
        emit(.signedIn)
    }

    /// Forgets the tokens, drops a refresh on its way, and reports `.signedOut`.
    public func signOut() {
        tokens = nil
        inFlightRefresh?.cancel()
        inFlightRefresh = nil
        emit(.signedOut)
    }

    /// A fresh credential to replace `expired`. When another caller has already replaced it, the
    /// current one is returned without asking the server again.
    func credential(replacing expired: String, using refresher: @escaping Refresher) async throws -> String {
        guard let current = tokens else { throw SproutError.notSignedIn }
        if current.credential != expired { return current.credential }
        if let inFlightRefresh { return try await inFlightRefresh.value.credential }
        let task = Task { try await refresher(current) }
        inFlightRefresh = task
        defer { inFlightRefresh = nil }
        do {
            let fresh = try await task.value
            // Signed out or in as someone else meanwhile: that newer state wins.
            if tokens == current { tokens = fresh }
            return fresh.credential
        } catch SproutError.sessionExpired {
            if tokens == current {
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
