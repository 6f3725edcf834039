@testable import Platform
@testable import PlatformCore
import Testing

/// `/healthz` shares a database check among the requests waiting for it, but never answers a
/// request with a check that began before it arrived.
@Suite struct HealthProbeTests {
    /// A database check the test answers by hand, one call at a time.
    actor ScriptedCheck {
        private(set) var started = 0
        private var pending: [CheckedContinuation<Bool, Never>] = []

        func run() async -> Bool {
            started += 1
            return await withCheckedContinuation { pending.append($0) }
        }

        func answer(_ reachable: Bool) {
            pending.removeFirst().resume(returning: reachable)
        }

        func waitUntilStarted(_ count: Int) async {
            while started < count || pending.isEmpty { await Task.yield() }
        }
    }

    @Test func aRequestArrivingDuringACheckWaitsForTheNextOneWhichAnswersEveryoneWaiting() async {
        let check = ScriptedCheck()
        let probe = HealthProbe { await check.run() }

        let first = Task { await probe.isReachable() }
        await check.waitUntilStarted(1)
        let second = Task { await probe.isReachable() }
        let third = Task { await probe.isReachable() }
        while probe.waitingCount < 2 { await Task.yield() }

        await check.answer(false)
        #expect(await first.value == false, "the check begun for the first request")
        await check.waitUntilStarted(2)
        await check.answer(true)
        #expect(await second.value == true, "not the older check's answer")
        #expect(await third.value == true)
        #expect(await check.started == 2, "one check for both waiting requests")

        let later = Task { await probe.isReachable() }
        await check.waitUntilStarted(3)
        await check.answer(false)
        #expect(await later.value == false, "a request after a quiet spell starts a check of its own")
    }
}
