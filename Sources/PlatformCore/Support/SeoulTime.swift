import Foundation

/// The times people meet at (lesson sessions, appointments in a conversation) are Korean times:
/// Asia/Seoul, which keeps UTC+9 all year (no daylight saving since 1988), so a local time
/// converts by the fixed offset.
public enum SeoulTime {
    public static let offset: TimeInterval = 9 * 3600
    public static let zone = TimeZone(secondsFromGMT: 9 * 3600) ?? .current

    /// `2026-12-01T19:00:00+09:00`, `…Z`, `…+0900`, or a Seoul time without an offset
    /// (`2026-12-01T19:00`, `2026-12-01 19:00:00`); with `dateOnly`, also `2026-12-01` (its midnight
    /// in Seoul). nil for anything else, including impossible dates.
    public static func parse(_ text: String, dateOnly: Bool = false) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes.count <= 40 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ bytes[$0].isDigit }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
        }
        guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7), bytes[7] == UInt8(ascii: "-"),
              let day = number(8..<10), (1970...2200).contains(year), (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day)
        else { return nil }
        let midnight = TimeInterval(UTCTimestamp.days(year: year, month: month, day: day) * 86_400)
        if bytes.count == 10 { return dateOnly ? Date(timeIntervalSince1970: midnight - offset) : nil }
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              let hour = number(11..<13), bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = number(17..<19), value < 60 else { return nil }
            second = value
            index = 19
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index].isDigit { index += 1 }
            }
        }
        let local = midnight + TimeInterval(hour * 3600 + minute * 60 + second)
        let zone = bytes[index...]
        if zone.isEmpty { return Date(timeIntervalSince1970: local - offset) }
        if zone.count == 1, zone.first == UInt8(ascii: "Z") { return Date(timeIntervalSince1970: local) }
        guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = zone.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, zone.count == 5 || (zone.count == 6 && zone[index + 3] == UInt8(ascii: ":")), digits.allSatisfy(\.isDigit) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hours = values[0] * 10 + values[1], minutes = values[2] * 10 + values[3]
        guard hours <= 14, minutes < 60 else { return nil }
        let shift = TimeInterval(hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
        return Date(timeIntervalSince1970: local - shift)
    }

    /// A UTC instant as the wire writes it: `2026-12-01T10:00:00Z`.
    public static func wire(_ date: Date) -> String { UTCTimestamp.format(date) + "Z" }

    /// The Seoul calendar day of `date`'s week, from Monday, as its midnight.
    public static func mondayOfWeek(containing date: Date) -> Date {
        let localSeconds = date.timeIntervalSince1970 + offset
        let days = Int((localSeconds / 86_400).rounded(.down))
        // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on Mondays.
        let monday = days - ((days + 3) % 7 + 7) % 7
        return Date(timeIntervalSince1970: TimeInterval(monday * 86_400) - offset)
    }

    private static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

private extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}

extension SeoulTime {
    /// "12월 3일 (수) 19:00" and "Wed 3 Dec, 19:00 KST": a session's time as notifications and
    /// conversation lines say it.
    public static func spoken(_ date: Date) -> (ko: String, en: String) {
        let local = Int((date.timeIntervalSince1970 + offset).rounded(.down))
        let days = Int((Double(local) / 86_400).rounded(.down))
        let (_, month, day) = UTCTimestamp.civil(fromDays: days)
        let weekday = ((days + 3) % 7 + 7) % 7
        let second = local - days * 86_400
        let clock = String(format: "%02d:%02d", second / 3600, second % 3600 / 60)
        let koDays = ["월", "화", "수", "목", "금", "토", "일"], enDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let enMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return ("\(month)월 \(day)일 (\(koDays[weekday])) \(clock)", "\(enDays[weekday]) \(day) \(enMonths[month - 1]), \(clock) KST")
    }
}

extension SeoulTime {
    /// The Seoul calendar date of `date`: `2026-12-01`, what a week link and a date field carry.
    public static func isoDay(_ date: Date) -> String {
        let days = Int(((date.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
        let (year, month, day) = UTCTimestamp.civil(fromDays: days)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// "19:00" in Seoul.
    public static func clock(_ date: Date) -> String {
        let seconds = (Int((date.timeIntervalSince1970 + offset).rounded(.down)) % 86_400 + 86_400) % 86_400
        return String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60)
    }

    /// "12월 1일 (화)" and "Tue 1 Dec".
    public static func dayName(_ date: Date) -> (ko: String, en: String) {
        let spoken = spoken(date)
        return (String(spoken.ko.dropLast(6)), String(spoken.en.split(separator: ",").first ?? ""))
    }
}

extension SeoulTime {
    /// "12월 3일 (목) 오후 7:00" and "Thu 3 Dec, 7:00 PM KST": a time two people agreed to meet
    /// at, as they would say it to each other.
    public static func spokenTwelveHour(_ date: Date) -> (ko: String, en: String) {
        let day = dayName(date)
        let seconds = (Int((date.timeIntervalSince1970 + offset).rounded(.down)) % 86_400 + 86_400) % 86_400
        let hour = seconds / 3600, minute = String(format: "%02d", seconds % 3600 / 60)
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return ("\(day.ko) \(hour < 12 ? "오전" : "오후") \(twelve):\(minute)", "\(day.en), \(twelve):\(minute) \(hour < 12 ? "AM" : "PM") KST")
    }
}
