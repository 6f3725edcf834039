import Foundation

/// A person's sessions and appointments as an iCalendar feed that calendar apps subscribe to.
public enum CalendarFeed {
    /// Where my feed is. The URL is the secret: anyone holding it reads the feed, until it is reset.
    public struct Location: Codable, Sendable, Equatable {
        /// The absolute `https://…/api/calendar/{secret}.ics`.
        public var url: String
        /// The same as `webcal://`, which Apple's and Google's calendars open as a subscription.
        public var webcal: String

        public init(url: String, webcal: String) {
            self.url = url
            self.webcal = webcal
        }
    }
}
