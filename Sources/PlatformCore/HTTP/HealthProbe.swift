import Synchronization

/// The database check behind `/healthz`, shared by the requests that arrive while one is under
/// way. Under load every probe paid the pool's round trip (bench/RESULTS.md: healthz ran at half
/// the trivial route's rate); now one probe answers every request that was already waiting when it
/// began, so an answer never comes from a check older than the request asking, and a wedged pool
/// still turns every waiting request into a 503.
public final class HealthProbe: Sendable {
    private let check: @Sendable () async -> Bool
    private let state = Mutex(State())

    private struct State {
        var probing = false
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    /// `check` answers whether the database answers now.
    public init(check: @escaping @Sendable () async -> Bool) {
        self.check = check
    }

    /// Whether the database answered a check begun after this call was made.
    public func isReachable() async -> Bool {
        await withCheckedContinuation { waiter in
            let starts = state.withLock { state in
                state.waiting.append(waiter)
                defer { state.probing = true }
                return !state.probing
            }
            // Not the request's own task: a cancelled request must not cancel the others' answer.
            if starts { Task { await self.probeWhileAnyoneWaits() } }
        }
    }

    /// Requests waiting for the next check's answer.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    private func probeWhileAnyoneWaits() async {
        while true {
            let batch = state.withLock { state in
                defer { state.waiting = [] }
                if state.waiting.isEmpty { state.probing = false }
                return state.waiting
            }
            guard !batch.isEmpty else { return }
            let reachable = await check()
            for waiter in batch { waiter.resume(returning: reachable) }
        }
    }
}
