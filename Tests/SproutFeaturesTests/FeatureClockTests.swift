import Foundation
import SproutFeatures
import Testing

/// The wall clock's timers, with millisecond intervals: the only study test that really waits.
@MainActor @Suite struct FeatureClockTests {
    @MainActor final class Counter {
        var ticks = 0
    }

    @Test func aTimerStopsWhenItsTickAnswersFalse() async throws {
        let counter = Counter()
        _ = SystemFeatureClock().repeating(every: .milliseconds(2)) {
            counter.ticks += 1
            return counter.ticks < 3
        }
        for _ in 0..<200 where counter.ticks < 3 { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(30))
        #expect(counter.ticks == 3)
    }

    @Test func aCancelledTimerNeverTicks() async throws {
        let counter = Counter()
        let timer = SystemFeatureClock().repeating(every: .milliseconds(20)) {
            counter.ticks += 1
            return true
        }
        timer.cancel()
        try await Task.sleep(for: .milliseconds(60))
        #expect(counter.ticks == 0)
    }
}
