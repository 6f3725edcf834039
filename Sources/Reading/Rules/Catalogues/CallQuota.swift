import Foundation
import Platform
import PlatformCore
import Synchronization

/// The calls one outside catalogue allows: so many in any minute and so many in a reading day.
/// Past either, Sprout stops asking (the call is refused before it leaves) and says when to come
/// back: when the oldest call of the minute is a minute old, or at the next midnight.
final class CallQuota: Sendable {
    private let perMinute: Int
    private let perDay: Int
    private let clock: WallClock
    private let calendar: ReadingCalendar
    private let used = Mutex<Usage>(Usage())

    private struct Usage {
        var day = ""
        var count = 0
        /// When each call of the last minute was made, oldest first: never more than `perMinute`.
        var lastMinute: [Date] = []
    }

    private enum Refusal {
        case day
        case minute(oldest: Date)
    }

    init(perMinute: Int, perDay: Int, clock: WallClock, calendar: ReadingCalendar) {
        self.perMinute = perMinute
        self.perDay = perDay
        self.clock = clock
        self.calendar = calendar
    }

    func take() throws {
        let now = clock.now()
        let today = calendar.day(of: now)
        let refusal: Refusal? = used.withLock { used in
            if used.day != today { used = Usage(day: today) }
            used.lastMinute.removeAll { now.timeIntervalSince($0) >= 60 }
            guard used.count < perDay else { return .day }
            if used.lastMinute.count >= perMinute, let oldest = used.lastMinute.first { return .minute(oldest: oldest) }
            used.count += 1
            used.lastMinute.append(now)
            return nil
        }
        switch refusal {
        case nil:
            return
        case .day:
            let midnight = calendar.start(of: ReadingCalendar.next(today)) ?? now.addingTimeInterval(86_400)
            throw ReadingError.catalogueUnavailable(retryAfter: max(1, Int(midnight.timeIntervalSince(now).rounded(.up))))
        case let .minute(oldest):
            let wait = min(60, max(1, 60 - now.timeIntervalSince(oldest)))
            throw ReadingError.catalogueUnavailable(retryAfter: Int(wait.rounded(.up)))
        }
    }
}
