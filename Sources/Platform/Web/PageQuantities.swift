import Foundation
import PlatformCore

/// Counts and days as each language writes them, with Foundation's formatters: Korean counts with
/// a counter and no plural (`3권`), English by CLDR's plural rule for English (`1 book`, `2 books`),
/// numbers grouped as the language groups them, days in Seoul (`2026. 11. 27.`, `Nov 27, 2026`).
extension PageContext {
    /// `count` of something: `ko` is the Korean counter (`권`, `개`), `en` the English noun and its
    /// plural when it is not the noun plus `s`.
    public func count(_ count: Int, ko counter: String, en noun: String, plural: String? = nil) -> String {
        let number = count.formatted(.number.locale(locale))
        return pick(ko: "\(number)\(counter)", en: "\(number) \(count == 1 ? noun : plural ?? noun + "s")")
    }

    /// The calendar day in Seoul of `timestamp` (as `UTCTimestamp` writes it); the text itself
    /// when it is not one.
    public func day(_ timestamp: String) -> String {
        UTCTimestamp.parse(timestamp).map(day) ?? timestamp
    }

    public func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: language == .ko ? .numeric : .abbreviated, time: .omitted, locale: locale, timeZone: Self.seoul))
    }

    var locale: Locale { Locale(identifier: language.pick(ko: "ko_KR", en: "en_US")) }

    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
}
