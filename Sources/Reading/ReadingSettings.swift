import Foundation
import Platform

/// The reading module's settings, from the environment.
struct ReadingSettings: Sendable {
    /// `SPROUT_READING_TIME_ZONE`: where readers' days begin and end, for sessions across
    /// midnight, the calendar and streaks (an IANA name; Asia/Seoul, the app's home, by default).
    let timeZone: TimeZone
    let timeZoneName: String
    /// `SPROUT_ALADIN_TTB_KEY` turns on Aladin's catalogue (`SPROUT_ALADIN_URL` points elsewhere,
    /// `SPROUT_ALADIN_DAILY_LIMIT` is the calls a day the key allows, 5,000 by default;
    /// `SPROUT_ALADIN_TIMEOUT_SECONDS` how long a reader waits for it, 3 by default); without a
    /// key the local catalogue serves search and the lists.
    let aladin: AladinCatalogue.Settings?

    init(_ environment: EnvironmentReader) throws {
        let name = environment.string("SPROUT_READING_TIME_ZONE") ?? "Asia/Seoul"
        guard let zone = TimeZone(identifier: name) else {
            throw ConfigError.invalid(name: "SPROUT_READING_TIME_ZONE", value: name, expected: "an IANA time zone such as Asia/Seoul")
        }
        timeZone = zone
        timeZoneName = name
        if let key = environment.string("SPROUT_ALADIN_TTB_KEY"), !key.isEmpty {
            let url = (try environment.httpURL("SPROUT_ALADIN_URL") ?? "http://www.aladin.co.kr/ttb/api") + "/"
            let limitText = environment.string("SPROUT_ALADIN_DAILY_LIMIT") ?? "5000"
            guard let limit = Int(limitText), limit > 0 else {
                throw ConfigError.invalid(name: "SPROUT_ALADIN_DAILY_LIMIT", value: limitText, expected: "a whole number of calls above 0")
            }
            let timeoutText = environment.string("SPROUT_ALADIN_TIMEOUT_SECONDS") ?? "3"
            guard let timeout = Int64(timeoutText), (1...300).contains(timeout) else {
                throw ConfigError.invalid(name: "SPROUT_ALADIN_TIMEOUT_SECONDS", value: timeoutText, expected: "a whole number of seconds from 1 to 300")
            }
            aladin = AladinCatalogue.Settings(key: key, baseURL: url, dailyLimit: limit, timeoutSeconds: timeout)
        } else {
            aladin = nil
        }
    }
}
