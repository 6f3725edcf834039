import Foundation
import SproutFeatures
import Synchronization

/// A clock that only moves when a test moves it. `advance(by:)` fires every timer that falls due,
/// in time order, each tick awaited to its end, so tests see the whole effect of each second.
final class TestClock: FeatureClock {
    private struct Timer {
        let id: Int
        var next: Date
        let interval: TimeInterval
        let tick: @Sendable @MainActor () async -> Bool
    }

    private final class Box: Sendable {
        let value: Mutex<(now: Date, timers: [Timer], nextID: Int)>
        init(_ now: Date) { value = Mutex((now, [], 0)) }
        func withLock<T>(_ body: (inout (now: Date, timers: [Timer], nextID: Int)) -> T) -> T { value.withLock { body(&$0) } }
    }

    private let state: Box

    /// 2024-06-01T03:00:00Z (noon in Seoul).
    init(now: Date = Date(timeIntervalSince1970: 1_717_210_800)) {
        state = Box(now)
    }

    var now: Date { state.withLock { $0.now } }
    var runningTimers: Int { state.withLock { $0.timers.count } }

    @MainActor func repeating(every interval: Duration, _ tick: @escaping @Sendable @MainActor () async -> Bool) -> RepeatingTimer {
        let id = state.withLock { state in
            state.nextID += 1
            state.timers.append(Timer(id: state.nextID, next: state.now.addingTimeInterval(Self.seconds(interval)), interval: Self.seconds(interval), tick: tick))
            return state.nextID
        }
        return RepeatingTimer { [state] in state.withLock { $0.timers.removeAll { $0.id == id } } }
    }

    @MainActor func advance(by duration: Duration) async {
        let target = now.addingTimeInterval(Self.seconds(duration))
        while let due = nextDue(by: target) {
            if await !due.tick() {
                state.withLock { $0.timers.removeAll { $0.id == due.id } }
            }
        }
        state.withLock { $0.now = target }
    }

    /// Moves to the earliest timer due by `target` and schedules its next firing.
    private func nextDue(by target: Date) -> Timer? {
        state.withLock { state in
            guard let due = state.timers.filter({ $0.next <= target }).min(by: { $0.next < $1.next }),
                  let index = state.timers.firstIndex(where: { $0.id == due.id }) else { return nil }
            state.now = due.next
            state.timers[index].next = due.next.addingTimeInterval(due.interval)
            return due
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }
}
