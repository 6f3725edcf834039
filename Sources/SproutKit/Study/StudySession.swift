import Foundation

/// The tokens of a phone sign-in: the Firebase-style ID token every study call carries as
/// `idtoken`, the refresh token that gets a new one, and the account's uid (the `uid` of the
/// User JSON and the `otheruid` other people use).
public struct StudyTokens: Sendable, Equatable, Codable {
    public var idToken: String
    public var refreshToken: String
    public var uid: String

    public init(idToken: String, refreshToken: String, uid: String) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.uid = uid
    }
}

/// Holds a phone sign-in and refreshes its ID token when the study server answers 401 ("Firebase
/// Token Error", spec §1). The published clients called `getIDTokenForcingRefresh(true)` and
/// retried once; `StudyClient` does the same through this session. Concurrent callers that hit the
/// same expired token share one refresh: the first starts it, the rest wait for its answer.
public actor StudySession {
    /// Exchanges the refresh token of `tokens` for new tokens, throwing `SproutError.sessionExpired`
    /// when the token service refuses it. `PhoneAuthClient.refresher` is the real one.
    public typealias Refresher = @Sendable (_ tokens: StudyTokens) async throws -> StudyTokens

    /// The signed-in person's tokens, or nil when signed out (or after a refused refresh).
    public private(set) var tokens: StudyTokens?
    private var inFlightRefresh: Task<StudyTokens, any Error>?
    private var continuations: [UUID: AsyncStream<AuthEvent>.Continuation] = [:]

    public init(tokens: StudyTokens? = nil) {
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

    /// Keeps `tokens` (from `PhoneAuthClient.signIn`) and reports `.signedIn`.
    public func signIn(_ tokens: StudyTokens) {
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

    /// A fresh ID token to replace `expired`. When another caller has already replaced it, the
    /// current token is returned without asking the token service again.
    func idToken(replacing expired: String, using refresher: @escaping Refresher) async throws -> String {
        guard let current = tokens else { throw SproutError.notSignedIn }
        if current.idToken != expired { return current.idToken }
        if let inFlightRefresh { return try await inFlightRefresh.value.idToken }
        let task = Task { try await refresher(current) }
        inFlightRefresh = task
        defer { inFlightRefresh = nil }
        do {
            let fresh = try await task.value
            // Signed out or in as someone else meanwhile: that newer state wins.
            if tokens == current { tokens = fresh }
            return fresh.idToken
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
