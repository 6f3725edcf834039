import Foundation
import Synchronization

/// Where "now" comes from. Production reads the system clock; tests hold a `ManualClock` and move
/// it forward, so expiry, penalties and timers are tested without sleeping.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    public func now() -> Date { read() }

    public static let system = WallClock { Date() }
}

/// A clock that only moves when told to.
public final class ManualClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = Mutex(start)
    }

    public var now: Date { current.withLock { $0 } }

    public func advance(by interval: TimeInterval) {
        current.withLock { $0 += interval }
    }

    public var clock: WallClock { WallClock { self.now } }
}
