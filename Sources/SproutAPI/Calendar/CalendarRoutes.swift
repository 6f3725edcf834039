import Foundation

extension CalendarFeed {
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
