import Foundation
import Platform
import PlatformCore
import Testing

@Suite struct UTCTimestampTests {
    /// Checked against Foundation's calendar across leap years, centuries and the epoch's edges.
    @Test(arguments: [0.0, -1, 951_782_400, 951_868_799.999, 4_107_542_400, 1_767_225_599.5, -2_208_988_800, 1_709_164_800.25])
    func agreesWithFoundation(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        #expect(UTCTimestamp.format(date) == formatter.string(from: date))
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SS"
        #expect(UTCTimestamp.format(date, fractionDigits: 2) == formatter.string(from: date))
    }

    @Test func fractionsAreTruncatedNotRounded() {
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: 0.999), fractionDigits: 3) == "1970-01-01T00:00:00.999")
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: 59.996), fractionDigits: 2) == "1970-01-01T00:00:59.99")
    }

    /// The lessons chat rooms page by a `createdAt` with milliseconds: a parse that dropped them
    /// answered the chat at the cursor again.
    @Test func parsingKeepsTheFraction() throws {
        let whole = 1_795_771_815.0
        #expect(abs(try #require(UTCTimestamp.parse("2026-11-27T09:30:15.123Z")).timeIntervalSince1970 - (whole + 0.123)) < 1e-6)
        #expect(UTCTimestamp.parse("2026-11-27T09:30:15.5")?.timeIntervalSince1970 == whole + 0.5)
        #expect(UTCTimestamp.parse("2026-11-27T09:30:15Z")?.timeIntervalSince1970 == whole)
        #expect(UTCTimestamp.parse("2026-11-27T09:30:15.Z")?.timeIntervalSince1970 == whole)
        let written = Date(timeIntervalSince1970: whole + 0.123)
        #expect(UTCTimestamp.format(try #require(UTCTimestamp.parse(UTCTimestamp.format(written, fractionDigits: 3))), fractionDigits: 3)
                == UTCTimestamp.format(written, fractionDigits: 3))
    }
}
