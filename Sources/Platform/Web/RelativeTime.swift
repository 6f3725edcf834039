import Foundation
import PlatformCore

/// How long ago something was posted, the way Karrot and Class101 write it: "방금 전", "3분 전",
/// "2시간 전", "5일 전", then weeks, months and years. The date itself goes in the element's title
/// (`PageContext.day`).
public enum RelativeTime {
    /// `timestamp` as `UTCTimestamp` writes it, seen at `now`; nil when it is not such a timestamp.
    public static func text(since timestamp: String, now: Date, _ language: WebLanguage) -> String? {
        UTCTimestamp.parse(timestamp).map { text(since: $0, now: now, language) }
    }

    public static func text(since moment: Date, now: Date, _ language: WebLanguage) -> String {
        // A moment ahead of the clock (another instance's clock running fast) reads as just now.
        let seconds = max(0, Int(now.timeIntervalSince(moment).rounded(.down)))
        let minute = 60, hour = 3600, day = 86_400
        let (count, ko, en): (Int, String, String) = switch seconds {
        case ..<minute: (0, "", "")
        case ..<hour: (seconds / minute, "분", "minute")
        case ..<day: (seconds / hour, "시간", "hour")
        case ..<(7 * day): (seconds / day, "일", "day")
        case ..<(30 * day): (seconds / (7 * day), "주", "week")
        case ..<(365 * day): (seconds / (30 * day), "개월", "month")
        default: (seconds / (365 * day), "년", "year")
        }
        guard count > 0 else { return language.pick(ko: "방금 전", en: "just now") }
        return language.pick(ko: "\(count)\(ko) 전", en: "\(count) \(en)\(count == 1 ? "" : "s") ago")
    }
}
