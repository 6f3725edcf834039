import Foundation
import Platform

/// The reading module's settings, from the environment.
struct ReadingSettings: Sendable {
    /// `SPROUT_READING_TIME_ZONE`: where readers' days begin and end, for sessions across
    /// midnight, the calendar and streaks (an IANA name; Asia/Seoul, the app's home, by default).
    let timeZone: TimeZone
    let timeZoneName: String

    init(_ environment: EnvironmentReader) throws {
        let name = environment.string("SPROUT_READING_TIME_ZONE") ?? "Asia/Seoul"
        guard let zone = TimeZone(identifier: name) else {
            throw ConfigError.invalid(name: "SPROUT_READING_TIME_ZONE", value: name, expected: "an IANA time zone such as Asia/Seoul")
        }
        timeZone = zone
        timeZoneName = name
    }
}
