import Foundation
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Synchronization
import Testing

/// Reads of one key under one counter share one build; a failed build leaves each waiting read
/// to read for itself, and a build under an older counter is never shared with a newer read.
@Suite struct SharedBuildsTests {
    /// Holds builds until the test opens it.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func pass() async {
            await withCheckedContinuation { waiter in
                let through = state.withLock { state in
                    if !state.open { state.waiting.append(waiter) }
                    return state.open
                }
                if through { waiter.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in waiting { waiter.resume() }
        }
    }

    final class Builds: Sendable {
        private let count = Mutex(0)
        func next() -> Int { count.withLock { $0 += 1; return $0 } }
        var total: Int { count.withLock { $0 } }
    }

    struct BuildFailed: Error {}

    /// Starts `count` reads of one key whose builds pass `gate`, the first failing when `failFirst`.
    private func reads(
        _ count: Int, of cache: AnswerCache<String>, _ sprout: TestSprout, gate: Gate, builds: Builds, failFirst: Bool = false
    ) -> [Task<String?, Never>] {
        (0..<count).map { _ in
            Task {
                let answer = try? await cache.answer("page", for: sprout.request()) {
                    let number = builds.next()
                    await gate.pass()
                    if failFirst, number == 1 { throw BuildFailed() }
                    return Data("answer \(number)".utf8)
                }
                return answer.map { String(decoding: $0.bytes, as: UTF8.self) }
            }
        }
    }

    /// `count` reads of one key started together, their builds held until every read but the
    /// first waits for the first one's build: each read's answer (nil when it failed), how many
    /// builds ran, and how many reads were left waiting.
    private func readTogether(_ count: Int, _ sprout: TestSprout, failFirst: Bool = false) async -> (answers: [String?], builds: Int, waiting: Int) {
        let cache = AnswerCache<String>(ReadGroup("market", tables: ["market_products"]), versions: sprout.platform.readVersions)
        let gate = Gate()
        let builds = Builds()
        let tasks = reads(count, of: cache, sprout, gate: gate, builds: builds, failFirst: failFirst)
        while cache.waitingCount < count - 1 { await Task.yield() }
        gate.open()
        var answers: [String?] = []
        for task in tasks { answers.append(await task.value) }
        return (answers, builds.total, cache.waitingCount)
    }

    @Test func readsOfOneKeyUnderOneCounterShareOneBuild() async throws {
        try await withSprout { sprout in
            let (answers, builds, waiting) = await readTogether(8, sprout)
            #expect(answers == Array(repeating: "answer 1", count: 8))
            #expect(builds == 1)
            #expect(waiting == 0)
        }
    }

    @Test func aFailedBuildLeavesEachWaitingReadToReadForItself() async throws {
        try await withSprout { sprout in
            let (answers, builds, _) = await readTogether(4, sprout, failFirst: true)
            #expect(answers.filter { $0 == nil }.count == 1, "only the failed build's own read fails")
            #expect(Set(answers.compactMap { $0 }) == ["answer 2", "answer 3", "answer 4"])
            #expect(builds == 4)
        }
    }

    @Test func aBuildUnderAnOlderCounterIsNotShared() async throws {
        try await withSprout { sprout in
            let cache = AnswerCache<String>(ReadGroup("market", tables: ["market_products"]), versions: sprout.platform.readVersions)
            let gate = Gate()
            let builds = Builds()
            let older = reads(1, of: cache, sprout, gate: gate, builds: builds)
            while builds.total < 1 { await Task.yield() }
            _ = try await sprout.makeVendor()

            let newer = try await cache.answer("page", for: sprout.request()) { Data("newer".utf8) }
            #expect(String(decoding: newer.bytes, as: UTF8.self) == "newer", "built while the older build still waits")
            gate.open()
            #expect(await older[0].value == "answer 1")
            let kept = try await cache.answer("page", for: sprout.request()) { Data("built again".utf8) }
            #expect(String(decoding: kept.bytes, as: UTF8.self) == "newer", "the older answer did not replace the newer one")
        }
    }
}
