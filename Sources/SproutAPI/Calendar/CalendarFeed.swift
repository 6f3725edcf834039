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

    /// `/api/calendar`.
    public enum Routes {
        public static let location = APIRoute<Void, NoBody, Location>(.get, "api/calendar", credential: .bearer)
        /// A new secret; the old URL answers 404 from now on.
        public static let reset = APIRoute<Void, NoBody, Location>(.post, "api/calendar/reset", credential: .bearer)
        /// By `{secret}.ics`: `text/calendar`.
        public static let feed = APIRoute<String, NoBody, NotJSON>(.get, "api/calendar/{feed}", credential: .none)

        public static let all = [AnyAPIRoute(location), AnyAPIRoute(reset), AnyAPIRoute(feed)]
    }
}
