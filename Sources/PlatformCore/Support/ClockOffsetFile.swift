import Foundation
import Synchronization

/// A clock ahead of the system's by the seconds written in a file (`SPROUT_CLOCK_OFFSET_FILE`):
/// the black-box and browser tests move a running server's time forward by writing it, so a
/// reminder's hour, a session taken or a token's expiry are tested on the real binary without
/// waiting. Refused in production. The file is read at most five times a second.
public final class ClockOffsetFile: Sendable {
    static let variable = "SPROUT_CLOCK_OFFSET_FILE"
    private static let reread: TimeInterval = 0.2
    private static let plausible: TimeInterval = 10 * 366 * 86_400

    private let path: String
    private let cached = Mutex<(readAt: Date, offset: TimeInterval)>((.distantPast, 0))

    init(path: String) {
        self.path = path
    }

    /// The system clock, or one shifted by the file the environment names.
    public static func clock(_ environment: EnvironmentReader, production: Bool) throws -> WallClock {
        guard let path = environment.string(variable) else { return .system }
        guard !production else { throw ConfigError.invalid(name: variable, value: path, expected: "unset in production: it moves the server's clock") }
        let file = ClockOffsetFile(path: path)
        return WallClock { file.now() }
    }

    func now() -> Date {
        let now = Date()
        return now.addingTimeInterval(cached.withLock { state in
            if now.timeIntervalSince(state.readAt) < Self.reread { return state.offset }
            let text = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            let offset = text.flatMap(Double.init).flatMap { $0.isFinite && abs($0) < Self.plausible ? $0 : nil } ?? 0
            state = (now, offset)
            return offset
        })
    }
}
