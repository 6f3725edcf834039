import Foundation

/// A distance as Korean map apps write it, the same in both languages: "650m" under a kilometre,
/// "1.2km" from there on.
public enum DistanceText {
    public static func text(metres: Double) -> String {
        guard metres.isFinite, metres > 0 else { return "0m" }
        // Formatted, never converted: no distance can trap an Int conversion.
        if metres.rounded() < 1_000 { return String(format: "%.0f", metres) + "m" }
        return String(format: "%.1f", metres / 1_000) + "km"
    }
}
