import Foundation
import Platform
import PlatformCore
import Synchronization

/// Outside catalogues' answers, kept for a while (an hour) so the same search or look-up within
/// it asks no one, and bounded (500 answers): when full, the answer stored first makes room.
/// Memory only, per instance; answers change slowly and a restart only costs a few calls.
final class CatalogueCache<Value: Sendable>: Sendable {
    private struct Kept {
        var entries: [String: (value: Value, storedAt: Date)] = [:]
        /// Keys, the first stored first.
        var order: [String] = []
    }

    private let clock: WallClock
    private let capacity: Int
    private let lifetime: TimeInterval
    private let kept = Mutex<Kept>(Kept())

    init(clock: WallClock, capacity: Int = 500, lifetime: TimeInterval = 3600) {
        self.clock = clock
        self.capacity = capacity
        self.lifetime = lifetime
    }

    func value(_ key: String) -> Value? {
        let now = clock.now()
        return kept.withLock { kept in
            guard let entry = kept.entries[key] else { return nil }
            guard now.timeIntervalSince(entry.storedAt) < lifetime else {
                kept.entries[key] = nil
                kept.order.removeAll { $0 == key }
                return nil
            }
            return entry.value
        }
    }

    func store(_ value: Value, for key: String) {
        let now = clock.now()
        kept.withLock { kept in
            if kept.entries.updateValue((value, now), forKey: key) != nil { kept.order.removeAll { $0 == key } }
            kept.order.append(key)
            while kept.order.count > capacity {
                let oldest = kept.order.removeFirst()
                kept.entries[oldest] = nil
            }
        }
    }
}
