import Foundation

/// An appointment's time as the chat says it, in Korean time whatever the device's zone: "12월 3일
/// (목) 오후 7:00" and "Thu 3 Dec, 7:00 PM KST", the words of the server's lines and pages.
public enum AppointmentTime {
    /// Asia/Seoul keeps UTC+9 all year (no daylight saving since 1988).
    static let korea: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 9 * 3600) ?? .gmt
        return calendar
    }()

    public static func spoken(_ date: Date) -> (ko: String, en: String) {
        let parts = korea.dateComponents([.month, .day, .weekday, .hour, .minute], from: date)
        guard let month = parts.month, let day = parts.day, let weekday = parts.weekday, let hour = parts.hour, let minute = parts.minute,
              (1...12).contains(month), (1...7).contains(weekday) else { return ("", "") }
        let koDays = ["일", "월", "화", "수", "목", "금", "토"], enDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let enMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        let clock = "\(twelve):" + (minute < 10 ? "0\(minute)" : "\(minute)")
        return ("\(month)월 \(day)일 (\(koDays[weekday - 1])) \(hour < 12 ? "오전" : "오후") \(clock)",
                "\(enDays[weekday - 1]) \(day) \(enMonths[month - 1]), \(clock) \(hour < 12 ? "AM" : "PM") KST")
    }
}
