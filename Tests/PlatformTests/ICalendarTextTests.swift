import Foundation
@testable import Platform
import Testing

/// `ICalendarText`, the calendar feed's writer: RFC 5545's TEXT escaping, folding at 75 octets and
/// CRLF line ends, checked on the bytes a calendar app reads.
@Suite struct ICalendarTextTests {
    @Test func textValuesEscapeWhatICalendarReserves() {
        #expect(ICalendarText.escaped(#"C:\music"#) == #"C:\\music"#)
        #expect(ICalendarText.escaped("도;레,미") == #"도\;레\,미"#)
        #expect(ICalendarText.escaped(#"\;,"#) == #"\\\;\,"#, "each escaped once, the backslash first")
        #expect(ICalendarText.escaped("악보\n보면대") == #"악보\n보면대"#)
        #expect(ICalendarText.escaped("악보\r\n보면대") == #"악보\n보면대"#, "CRLF is one line break")
        #expect(ICalendarText.escaped("a\u{0}b\u{7}c\u{1B}d\u{7F}e\u{85}f") == "abcdef", "other control characters are dropped")
        #expect(ICalendarText.escaped("🎵 바이올린 1:1 · \"김\"") == "🎵 바이올린 1:1 · \"김\"", "letters, emoji, colons and quotes stay")
        #expect(ICalendarText.escaped("") == "")
    }

    @Test func aLineOf75OctetsStaysWholeAndOneMoreFolds() {
        let full = "SUMMARY:" + String(repeating: "x", count: 67)
        #expect(full.utf8.count == 75)
        #expect(ICalendarText.folded(full) == full)
        #expect(ICalendarText.folded(full + "y") == full + "\r\n y")
    }

    /// Korean is three octets a letter: wherever the 75th octet falls, a line breaks before the
    /// letter it would split, every physical line is whole UTF-8 of at most 75 octets, and
    /// unfolding gives back the line.
    @Test(arguments: [
        "바이올린레슨매주화요일저녁일곱시", "바이올린 레슨, 매주 화요일 저녁 7시; 준비물은 악보와 보면대 ", "🎵 첼로 é̃ 🇰🇷 가나다라마바사 ",
    ])
    func foldingNeverSplitsACharacter(words: String) {
        for lead in 0..<4 {
            let line = "SUMMARY:" + String(repeating: "x", count: lead) + String(repeating: words, count: 12)
            let folded = ICalendarText.folded(line)
            let physical = Self.physicalLines(folded)
            #expect(physical.count > 1, "a long line folds")
            for (index, bytes) in physical.enumerated() {
                #expect(bytes.count <= 75, "lead \(lead), line \(index): \(bytes.count) octets")
                #expect(String(bytes: bytes, encoding: .utf8) != nil, "lead \(lead), line \(index) is whole UTF-8")
                if index > 0 {
                    #expect(bytes.first == UInt8(ascii: " "), "a continuation starts with a space")
                    #expect(bytes.dropFirst().first.map { $0 & 0xC0 != 0x80 } == true, "and not inside a character")
                }
                if index < physical.count - 1, !words.contains("🎵") {
                    #expect(bytes.count >= 73, "lead \(lead), line \(index) is filled to within a letter of the limit: \(bytes.count)")
                }
            }
            #expect(Self.unfolded(folded) == line, "lead \(lead)")
        }
    }

    @Test func aDocumentIsCRLFLinesWithAnEventPerEntry() throws {
        let start = Date(timeIntervalSince1970: 1_796_119_200) // 2026-12-01T10:00:00Z
        let stamp = Date(timeIntervalSince1970: 1_796_032_800) // 2026-11-30T10:00:00Z
        let booked = CalendarEntry(
            uid: "lesson-abc@sprout", title: "🎵 " + String(repeating: "바이올린 레슨 ", count: 8) + "· 김선생", starts: start,
            ends: start.addingTimeInterval(3600), location: "서울특별시 강남구 역삼동", detail: "준비물: 악보, 보면대; 연필\n조율기",
            path: "/lessons/enrolments/abc", cancelled: false, updated: stamp
        )
        let cancelled = CalendarEntry(
            uid: "lesson-def@sprout", title: "Cello", starts: start.addingTimeInterval(7 * 86_400), ends: start.addingTimeInterval(7 * 86_400 + 1800),
            location: nil, detail: nil, path: "/lessons/enrolments/def", cancelled: true, updated: stamp.addingTimeInterval(60)
        )
        let text = ICalendarText(name: "Sprout · 김선생", baseURL: "https://sprout.example", stamp: stamp).document([booked, cancelled])

        let bytes = Array(text.utf8)
        #expect(bytes.suffix(2) == [13, 10], "the last line ends with CRLF too")
        for (index, byte) in bytes.enumerated() {
            if byte == 10 { #expect(index > 0 && bytes[index - 1] == 13, "a bare LF at \(index)") }
            if byte == 13 { #expect(index + 1 < bytes.count && bytes[index + 1] == 10, "a bare CR at \(index)") }
        }
        let physical = Self.physicalLines(text)
        #expect(physical.last == [], "nothing after the final CRLF")
        #expect(physical.allSatisfy { $0.count <= 75 }, "every line folded to 75 octets")

        let lines = Self.unfolded(text).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.last == "END:VCALENDAR")
        #expect(lines.filter { $0 == "BEGIN:VCALENDAR" }.count == 1 && lines.filter { $0 == "END:VCALENDAR" }.count == 1)
        #expect(lines.contains("VERSION:2.0") && lines.contains { $0.hasPrefix("PRODID:") })
        #expect(lines.contains("X-WR-CALNAME:Sprout · 김선생"))

        let events = Self.events(in: lines)
        #expect(events.count == 2)
        let first = try #require(events.first), second = try #require(events.last)
        #expect(first.contains("UID:lesson-abc@sprout"))
        #expect(first.contains("DTSTAMP:20261130T100000Z"))
        #expect(first.contains("DTSTART:20261201T100000Z") && first.contains("DTEND:20261201T110000Z"))
        #expect(first.contains("SUMMARY:" + (booked.title)), "the long title whole once unfolded")
        #expect(first.contains("STATUS:CONFIRMED"))
        #expect(first.contains("URL:https://sprout.example/lessons/enrolments/abc"))
        #expect(first.contains("LOCATION:서울특별시 강남구 역삼동"))
        #expect(first.contains(#"DESCRIPTION:준비물: 악보\, 보면대\; 연필\n조율기"#))
        #expect(second.contains("UID:lesson-def@sprout"))
        #expect(second.contains("STATUS:CANCELLED"), "a cancelled session stays in the feed, marked so")
        #expect(second.contains("DTSTART:20261208T100000Z") && second.contains("DTEND:20261208T103000Z"))
        #expect(second.contains("LAST-MODIFIED:20261130T100100Z"))
        #expect(!second.contains { $0.hasPrefix("LOCATION:") || $0.hasPrefix("DESCRIPTION:") }, "no empty properties")
    }

    @Test func aCalendarWithoutEntriesIsStillADocument() {
        let lines = Self.unfolded(ICalendarText(name: "Sprout", baseURL: "https://sprout.example", stamp: Date(timeIntervalSince1970: 0)).document([]))
            .components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(!lines.contains("BEGIN:VEVENT"))
    }

    @Test func timesAreUTCInTheBasicFormat() {
        #expect(ICalendarText.utc(Date(timeIntervalSince1970: 1_796_119_200)) == "20261201T100000Z")
        #expect(ICalendarText.utc(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
    }

    // MARK: - Reading it as a calendar app does

    /// The octets of each physical line: the text split at every CRLF.
    static func physicalLines(_ text: String) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        var lines: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                lines.append([])
                index += 2
            } else {
                lines[lines.count - 1].append(bytes[index])
                index += 1
            }
        }
        return lines
    }

    /// RFC 5545 §3.1: a CRLF followed by one space is removed.
    static func unfolded(_ text: String) -> String {
        let lines = physicalLines(text)
        var out: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 {
                if line.first == UInt8(ascii: " ") {
                    out += line.dropFirst()
                    continue
                }
                out += [13, 10]
            }
            out += line
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Each VEVENT's lines, between its BEGIN and END.
    static func events(in lines: [String]) -> [[String]] {
        var events: [[String]] = []
        var current: [String]?
        for line in lines {
            if line == "BEGIN:VEVENT" {
                current = []
            } else if line == "END:VEVENT" {
                events += current.map { [$0] } ?? []
                current = nil
            } else {
                current?.append(line)
            }
        }
        return events
    }
}
