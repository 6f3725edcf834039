import Foundation
import Synchronization

/// Work done at most once an interval, by whichever caller comes when it is due: no timer to
/// run, and a quiet server keeps what it has (old events pruned, unsent uploads swept).
package final class NowAndThen: Sendable {
    let interval: TimeInterval
    private let last = Mutex(Date.distantPast)

    package init(every interval: TimeInterval) {
        self.interval = interval
    }

    /// Whether the work is due at `now`; answering yes makes the next due an interval later.
    package func isDue(at now: Date) -> Bool {
        last.withLock { last in
            guard now.timeIntervalSince(last) >= interval else { return false }
            last = now
            return true
        }
    }
}
