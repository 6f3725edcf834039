import Foundation
import Platform
import PlatformCore
import Testing

/// `SeoulTime`: the times teachers open slots and people make appointments at, and the words
/// notifications say them in. Seoul keeps UTC+9 all year, so every expectation below is a fixed instant.
@Suite struct SeoulTimeTests {
    /// 2026-12-01T10:00:00Z: Tuesday 1 December 2026, 19:00 in Seoul.
    static let tuesdayEvening = Date(timeIntervalSince1970: 1_796_119_200)

    @Test("one instant, however the time is written", arguments: [
        "2026-12-01T10:00:00Z", "2026-12-01T10:00Z", "2026-12-01T19:00:00+09:00", "2026-12-01T19:00:00+0900", "2026-12-01T19:00+09:00",
        "2026-12-01T05:00:00-05:00", "2026-12-01T00:00:00-1000", "2026-12-01T15:30:00+05:30", "2026-12-01T10:00:00+00:00",
        "2026-12-01T19:00", "2026-12-01T19:00:00", "2026-12-01 19:00", "2026-12-01 19:00:00",
    ])
    func sameInstant(text: String) {
        #expect(SeoulTime.parse(text) == Self.tuesdayEvening)
    }

    @Test("seconds count, and a fraction stays within its second", arguments: [
        ("2026-12-01T10:00:30Z", 30.0), ("2026-12-01T19:00:30+09:00", 30), ("2026-12-01T19:00:59", 59), ("2026-12-01T10:00:30.5Z", 30),
        ("2026-12-01T19:00:30.123456+09:00", 30), ("2026-12-01T19:00:30.999", 30), ("2026-12-01 19:00:59.1", 59), ("2026-12-01T19:00:00.000+0900", 0),
    ])
    func seconds(text: String, second: Double) throws {
        let parsed = try #require(SeoulTime.parse(text))
        let offset = parsed.timeIntervalSince(Self.tuesdayEvening)
        #expect(offset >= second && offset < second + 1, "\(text): \(offset)")
    }

    @Test func aDateAloneIsItsSeoulMidnightOnlyWhereADateIsAllowed() {
        // 2026-12-01 00:00 in Seoul is 2026-11-30T15:00:00Z.
        #expect(SeoulTime.parse("2026-12-01", dateOnly: true) == Date(timeIntervalSince1970: 1_796_050_800))
        #expect(SeoulTime.parse("2026-12-01") == nil, "a slot's start needs its time")
        #expect(SeoulTime.parse("2024-02-29", dateOnly: true) == Date(timeIntervalSince1970: 1_709_132_400))
        #expect(SeoulTime.parse("2026-02-29", dateOnly: true) == nil)
        #expect(SeoulTime.parse("2026-12-01T19:00", dateOnly: true) == Self.tuesdayEvening, "a time still parses where a date may")
    }

    @Test func leapDaysFollowTheGregorianRules() {
        // 2000-02-29 10:00 in Seoul is 01:00 UTC.
        #expect(SeoulTime.parse("2000-02-29T10:00") == Date(timeIntervalSince1970: 951_786_000), "a century divisible by 400 leaps")
        #expect(SeoulTime.parse("2024-02-29T00:00:00Z") != nil)
        #expect(SeoulTime.parse("2100-02-29T10:00") == nil, "a century not divisible by 400 does not")
        #expect(SeoulTime.parse("2100-02-28T10:00") != nil)
        #expect(SeoulTime.parse("2026-02-29T10:00") == nil)
        #expect(SeoulTime.parse("2026-02-30T10:00") == nil)
    }

    @Test("what is not a time", arguments: [
        "", " ", "2026", "2026-12-0", "tomorrow at 7", "2026/12/01 19:00", "2026-12-01T", "2026-12-01T19", "2026-12-01T19:00:", "2026-12-01T19:00:0",
        "2026-12-01X19:00", "2026-12-01T1a:00", "2026-12-01T19:00:00+09", "2026-12-01T19:00:00+9:00", "2026-12-01T19:00:00+09:00:00",
        "2026-12-01T19:00:00+15:00", "2026-12-01T19:00:00+09:60", "2026-12-01T19:00:00+0a00", "2026-12-01T19:00:00ZZ", "2026-12-01T19:00:00z",
        "2026-12-01T19:00:00 +09:00", "2026-12-01T19:00:00+09:00\n", "2026-02-30T10:00", "2026-04-31T10:00", "2026-13-01T10:00",
        "2026-00-10T10:00", "2026-12-00T10:00", "2026-12-32T10:00", "2026-12-01T24:00", "2026-12-01T24:00:00Z", "2026-12-01T23:60",
        "2026-12-01T10:00:60Z", "1969-12-31T23:00Z", "2201-01-01T00:00Z", "٢٠٢٦-12-01T19:00", "2026-12-01T1９:00",
    ])
    func refused(text: String) {
        #expect(SeoulTime.parse(text) == nil)
        #expect(SeoulTime.parse(text, dateOnly: true) == nil)
    }

    @Test func fortyCharactersAtMost() {
        let forty = "2026-12-01T19:00:00." + String(repeating: "1", count: 20)
        #expect(forty.utf8.count == 40)
        let parsed = SeoulTime.parse(forty)
        #expect(parsed.map { (0..<1).contains($0.timeIntervalSince(Self.tuesdayEvening)) } == true, "40 characters, with a long fraction")
        #expect(SeoulTime.parse(forty + "1") == nil, "41 characters")
        #expect(SeoulTime.parse("2026-12-01T19:00:00" + String(repeating: " ", count: 30)) == nil)
        #expect(SeoulTime.parse(String(repeating: "9", count: 10_000)) == nil)
    }

    @Test("the week starts on Monday in Seoul", arguments: [
        (1_796_119_200.0, 1_795_964_400.0), // Tuesday 19:00 → Monday 30 November 00:00 (29 November 15:00Z)
        (1_795_964_400, 1_795_964_400), // Monday 00:00 is its own week's start
        (1_795_964_399, 1_795_359_600), // Sunday 23:59:59 → the Monday before (22 November 15:00Z)
        (1_795_982_400, 1_795_964_400), // Sunday 20:00 UTC is Monday 05:00 in Seoul already
        (1_796_569_199, 1_795_964_400), // Sunday 6 December 23:59:59, the same week
        (1_796_569_200, 1_796_569_200), // Monday 7 December 00:00, the next
        (-1, -291_600), // 1970-01-01 08:59:59 in Seoul, a Thursday → Monday 29 December 1969
    ])
    func mondayOfWeek(seconds: Double, monday: Double) {
        #expect(SeoulTime.mondayOfWeek(containing: Date(timeIntervalSince1970: seconds)) == Date(timeIntervalSince1970: monday))
    }

    @Test func everyWeekStartsAtAMondayMidnightInSeoul() throws {
        var seoul = Calendar(identifier: .gregorian)
        seoul.timeZone = try #require(TimeZone(identifier: "Asia/Seoul"))
        var failures: [String] = []
        // Every 7,919 seconds (a prime, so every hour of every weekday comes up) through 2026 and 2027.
        for step in 0..<8_000 {
            let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(step) * 7_919)
            let monday = SeoulTime.mondayOfWeek(containing: date)
            let parts = seoul.dateComponents([.weekday, .hour, .minute, .second], from: monday)
            let startsTheWeek = monday <= date && date.timeIntervalSince(monday) < 7 * 86_400
            if !startsTheWeek || parts.weekday != 2 || parts.hour != 0 || parts.minute != 0 || parts.second != 0 {
                failures.append("\(date) → \(monday)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test func spokenTimesAreSeoulsWallClock() {
        let spoken = SeoulTime.spoken(Self.tuesdayEvening)
        #expect(spoken.ko == "12월 1일 (화) 19:00")
        #expect(spoken.en == "Tue 1 Dec, 19:00 KST")
        #expect(SeoulTime.spoken(Self.tuesdayEvening.addingTimeInterval(59)).ko == "12월 1일 (화) 19:00", "seconds are not said")
        // 2026-12-31T15:30:00Z is 00:30 on Friday 1 January 2027 in Seoul.
        let newYear = Date(timeIntervalSince1970: 1_798_731_000)
        #expect(SeoulTime.spoken(newYear).ko == "1월 1일 (금) 00:30")
        #expect(SeoulTime.spoken(newYear).en == "Fri 1 Jan, 00:30 KST")
        #expect(SeoulTime.isoDay(newYear) == "2027-01-01")
        #expect(SeoulTime.clock(newYear) == "00:30")
        #expect(SeoulTime.dayName(newYear).ko == "1월 1일 (금)")
        #expect(SeoulTime.dayName(newYear).en == "Fri 1 Jan")
        #expect(SeoulTime.dayName(Self.tuesdayEvening).ko == "12월 1일 (화)")
        #expect(SeoulTime.wire(Self.tuesdayEvening) == "2026-12-01T10:00:00Z")
    }

    @Test func appointmentsAreSaidOnATwelveHourClock() {
        #expect(SeoulTime.spokenTwelveHour(Self.tuesdayEvening).ko == "12월 1일 (화) 오후 7:00")
        #expect(SeoulTime.spokenTwelveHour(Self.tuesdayEvening).en == "Tue 1 Dec, 7:00 PM KST")
        // 00:30 and 12:05 in Seoul: twelve, not zero, on either side of noon.
        let newYear = Date(timeIntervalSince1970: 1_798_731_000)
        #expect(SeoulTime.spokenTwelveHour(newYear).ko == "1월 1일 (금) 오전 12:30")
        #expect(SeoulTime.spokenTwelveHour(newYear.addingTimeInterval(11.5 * 3600 + 300)).ko == "1월 1일 (금) 오후 12:05")
        #expect(SeoulTime.spokenTwelveHour(newYear.addingTimeInterval(9 * 3600)).en == "Fri 1 Jan, 9:30 AM KST")
    }

    /// What the wire writes parses back to the same instant, and a Seoul day and clock to the minute.
    @Test func wireTimesAndSeoulWallTimesRoundTrip() {
        var failures: [String] = []
        for step in 0..<2_000 {
            let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(step) * 15_013)
            let minute = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
            if SeoulTime.parse(SeoulTime.wire(date)) != date { failures.append("wire \(SeoulTime.wire(date))") }
            let local = SeoulTime.isoDay(date) + "T" + SeoulTime.clock(date)
            if SeoulTime.parse(local) != minute { failures.append("Seoul \(local) for \(SeoulTime.wire(date))") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
