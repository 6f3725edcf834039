import Foundation
import Platform
import PlatformCore
import PropertyBased
import Testing

@Suite struct RelativeTimeTests {
    static let posted = Date(timeIntervalSince1970: 1_767_225_600)

    @Test(arguments: [
        (0, "방금 전", "just now"), (59, "방금 전", "just now"), (60, "1분 전", "1 minute ago"), (3599, "59분 전", "59 minutes ago"),
        (3600, "1시간 전", "1 hour ago"), (86_399, "23시간 전", "23 hours ago"), (86_400, "1일 전", "1 day ago"),
        (6 * 86_400, "6일 전", "6 days ago"), (7 * 86_400, "1주 전", "1 week ago"), (29 * 86_400, "4주 전", "4 weeks ago"),
        (30 * 86_400, "1개월 전", "1 month ago"), (364 * 86_400, "12개월 전", "12 months ago"), (365 * 86_400, "1년 전", "1 year ago"),
        (-3600, "방금 전", "just now"),
    ])
    func readsHowLongAgo(seconds: Int, korean: String, english: String) {
        let now = Self.posted.addingTimeInterval(TimeInterval(seconds))
        #expect(RelativeTime.text(since: Self.posted, now: now, .ko) == korean)
        #expect(RelativeTime.text(since: Self.posted, now: now, .en) == english)
    }

    @Test func readsTheTimestampsSproutWrites() {
        let now = Self.posted.addingTimeInterval(3 * 86_400)
        for digits in [0, 2, 3] {
            let written = UTCTimestamp.format(Self.posted, fractionDigits: digits)
            #expect(RelativeTime.text(since: written, now: now, .ko) == "3일 전", "\(written)")
            #expect(RelativeTime.text(since: written + "Z", now: now, .ko) == "3일 전")
        }
        #expect(RelativeTime.text(since: "yesterday", now: now, .ko) == nil)
        #expect(RelativeTime.text(since: "2026-13-01T00:00:00", now: now, .ko) == nil)
    }

    static func context(_ language: WebLanguage) -> PageContext {
        PageContext(language: language, csrfToken: "", account: nil, path: "/", now: posted, origin: "http://localhost")
    }

    @Test func daysAreWrittenInSeoulAsEachLanguageWritesThem() {
        let korean = Self.context(.ko), english = Self.context(.en)
        #expect(korean.day("2024-08-28T20:12:33.120Z") == "2024. 8. 29.", "past midnight in Seoul")
        #expect(english.day("2024-08-28T20:12:33.120Z") == "Aug 29, 2024")
        #expect(korean.day("2024-08-28T10:00:00") == "2024. 8. 28.")
        #expect(english.day("not a time") == "not a time")
    }

    @Test func countsTakeTheLanguagesPluralAndGrouping() {
        let korean = Self.context(.ko), english = Self.context(.en)
        #expect(english.count(1, ko: "권", en: "book") == "1 book")
        #expect(english.count(0, ko: "권", en: "book") == "0 books")
        #expect(english.count(12_345, ko: "권", en: "book") == "12,345 books")
        #expect(english.count(2, ko: "명", en: "person", plural: "people") == "2 people")
        #expect(korean.count(1, ko: "권", en: "book") == "1권")
        #expect(korean.count(12_345, ko: "개", en: "product") == "12,345개")
    }

    @Test func parsingUndoesFormatting() async {
        await propertyCheck(count: 2000, input: Gen.int(in: -2_000_000_000...4_000_000_000)) { seconds in
            let moment = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(UTCTimestamp.parse(UTCTimestamp.format(moment)) == moment)
        }
    }
}
