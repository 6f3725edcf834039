import Foundation

/// Time for the screens: the current date (the study signup's age check, the reading timer's
/// display) and repeating timers (the SMS code's countdown, the 5-second queue-state poll, the
/// reading timer's tick). Injected so that tests move time by hand and never sleep.
public protocol FeatureClock: Sendable {
    var now: Date { get }
    /// Calls `tick` every `interval`, the first time one interval from now, until `tick` answers
    /// `false` or the timer is cancelled. (A tick of a released view model answers `false`.)
    @MainActor func repeating(every interval: Duration, _ tick: @escaping @Sendable @MainActor () async -> Bool) -> RepeatingTimer
}

/// A running timer of a `FeatureClock`.
public struct RepeatingTimer: Sendable {
    private let onCancel: @Sendable () -> Void

    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() { onCancel() }
}

/// The wall clock and `Task.sleep`.
public struct SystemFeatureClock: FeatureClock {
    public init() {}

    public var now: Date { Date() }

    @MainActor public func repeating(every interval: Duration, _ tick: @escaping @Sendable @MainActor () async -> Bool) -> RepeatingTimer {
        let task = Task { @MainActor in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                guard !Task.isCancelled, await tick() else { return }
            }
        }
        return RepeatingTimer { task.cancel() }
    }
}
