import Foundation
import Platform
import PlatformCore
import Synchronization

/// After an outside catalogue fails, it is left alone for a while (a minute by default): an
/// offline server, or one whose provider is down, then answers from the local catalogue at once
/// instead of waiting out the provider's deadline on every search.
final class CatalogueBreaker: Sendable {
    private let clock: WallClock
    private let rest: TimeInterval
    private let restingUntil = Mutex<[String: Date]>([:])

    init(clock: WallClock, rest: TimeInterval = 60) {
        self.clock = clock
        self.rest = rest
    }

    /// Whether `provider` may be asked now.
    func allows(_ provider: String) -> Bool {
        let now = clock.now()
        return restingUntil.withLock { resting in
            guard let until = resting[provider] else { return true }
            if now >= until { resting[provider] = nil }
            return now >= until
        }
    }

    func failed(_ provider: String) {
        let until = clock.now().addingTimeInterval(rest)
        restingUntil.withLock { $0[provider] = until }
    }
}
