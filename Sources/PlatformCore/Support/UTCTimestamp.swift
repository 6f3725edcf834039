import Foundation

/// Formats dates as UTC `yyyy-MM-dd'T'HH:mm:ss` with an optional fraction, by arithmetic.
/// Written by hand because Foundation's `Calendar` and `DateFormatter` cost tens of microseconds
/// per call on Linux, and a page of 20 products formats about 60 dates.
public enum UTCTimestamp {
    /// - Parameter fractionDigits: 0 for none, 2 for `.SS` (2022a market), 3 for `.SSS` (LSLP).
    public static func format(_ date: Date, fractionDigits: Int = 0) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = Int(seconds.rounded(.down))
        var days = whole / 86_400
        var secondOfDay = whole % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay % 3600 / 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fractionDigits > 0 {
            let scale = [1, 10, 100, 1000][min(fractionDigits, 3)]
            // Date keeps seconds since 2001, so 0.999 s after 1970 comes back as 0.9989999…; half a
            // thousandth of a unit of nudge puts such values back on their digit.
            let fraction = min(Int(((seconds - Double(whole)) * Double(scale) + 5e-4).rounded(.down)), scale - 1)
            text += "." + pad(fraction, fractionDigits)
        }
        return text
    }

    /// A timestamp this type wrote (`2026-11-25T08:49:46`, with or without a fraction or a `Z`),
    /// back to its moment; nil for anything else. Written by hand for the same reason `format` is.
    public static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { !$0.isNumber }).prefix(6).map(String.init)
        guard fields.count == 6, fields[0].count == 4, fields.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
        let numbers = fields.compactMap { Int($0) }
        guard numbers.count == 6, (1...12).contains(numbers[1]), (1...31).contains(numbers[2]),
              numbers[3] < 24, numbers[4] < 60, numbers[5] < 61
        else { return nil }
        let days = days(year: numbers[0], month: numbers[1], day: numbers[2])
        let seconds = TimeInterval(days * 86_400 + numbers[3] * 3600 + numbers[4] * 60 + numbers[5])
        return Date(timeIntervalSince1970: seconds + fraction(of: text))
    }

    /// The `.SSS` after the seconds (`…:46.123Z`), as a part of a second; 0 without one.
    private static func fraction(of text: String) -> TimeInterval {
        let utf8 = Array(text.utf8)
        guard utf8.count > 20, utf8[19] == UInt8(ascii: "."), utf8[20].isDigit else { return 0 }
        let digits = utf8[20...].prefix { $0.isDigit }.prefix(9)
        return TimeInterval(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) / pow(10, TimeInterval(digits.count))
    }

    /// A proleptic Gregorian date to days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `civil_from_days`).
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

private extension UInt8 {
    var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
