import Foundation
import PlatformCore

/// An iCalendar document (RFC 5545) of a person's entries, as calendar apps subscribe to it.
/// Written by hand: the format is a few dozen lines of text rules (escaping, folding at 75 octets,
/// CRLF), and no maintained Swift server library writes it.
struct ICalendarText {
    let name: String
    let baseURL: String
    let stamp: Date

    func document(_ entries: [CalendarEntry]) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Sprout//Calendar feed//KO", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + Self.escaped(name), "X-WR-TIMEZONE:Asia/Seoul",
            // How often subscribers should read it again: Apple's and the draft standard's words.
            "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H",
        ]
        for entry in entries {
            lines += ["BEGIN:VEVENT", "UID:" + Self.escaped(entry.uid), "DTSTAMP:" + Self.utc(stamp), "LAST-MODIFIED:" + Self.utc(entry.updated),
                      "DTSTART:" + Self.utc(entry.starts), "DTEND:" + Self.utc(entry.ends), "SUMMARY:" + Self.escaped(entry.title),
                      "STATUS:" + (entry.cancelled ? "CANCELLED" : "CONFIRMED"), "URL:" + baseURL + entry.path]
            if let location = entry.location { lines.append("LOCATION:" + Self.escaped(location)) }
            if let detail = entry.detail { lines.append("DESCRIPTION:" + Self.escaped(detail)) }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT values escape backslashes, semicolons, commas and line breaks; other control
    /// characters have no place in a line and are dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case _ where scalar.properties.generalCategory == .control: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Lines longer than 75 octets continue on lines that start with a space, never splitting a
    /// character's UTF-8 bytes.
    static func folded(_ line: String) -> String {
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            let limit = pieces.isEmpty ? 75 : 74
            if octets + size > limit {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.append(character)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }

    /// `20261201T100000Z`.
    static func utc(_ date: Date) -> String {
        UTCTimestamp.format(date).filter { $0 != "-" && $0 != ":" } + "Z"
    }
}
