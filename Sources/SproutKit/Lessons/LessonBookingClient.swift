import Foundation
import SproutAPI

/// Sprout's own lessons API (`/api/lessons`) and calendar feed (`/api/calendar`), for the account
/// signed in through `AccountsClient`: what a lesson sells, the teacher's open times, enrolments
/// (paid purchases that hold their sessions for the student to book), their bookings and
/// refunds. Tokens travel as `Authorization: Bearer …`; an expired one is refreshed once and the
/// call retried. A refusal is a `SproutError.http` whose message is the server's reason: a 409
/// says what stands in the way (an overlapping time, a slot booked meanwhile, no sessions left,
/// too late to move).
public struct LessonBookingClient: Sendable {
    /// The API client every call goes through (its session is the signed-in account's).
    public let api: APIClient

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    ///   - session: the signed-in account's, shared with `AccountsClient` and the others.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .lessonBooking, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    /// The signed-in account's session.
    public var session: AuthSession { api.session }

    // MARK: What a lesson sells

    /// What the lesson sells (sessions, their length, the place) and its cancellation terms, as
    /// its page and checkout show them. A lesson its teacher never described answers the defaults
    /// with `described` false.
    public func terms(postID: String) async throws -> Lessons.Terms {
        try await api.send(Endpoint(Lessons.BookingRoutes.terms, postID))
    }

    /// The teacher describes their lesson. The request is the whole description: a field left nil
    /// takes its default. Enrolments keep the terms they were paid under. 403: not my lesson.
    public func describe(postID: String, _ terms: Lessons.TermsRequest) async throws -> Lessons.Terms {
        try await api.send(Endpoint(Lessons.BookingRoutes.describe, postID, body: terms))
    }

    // MARK: Open times

    /// The lesson's slots starting from `from` until `to` (by default the next four weeks; at
    /// most 93 days), earliest first. A student sees the open ones; the teacher the booked ones
    /// too, with `available` false.
    public func slots(postID: String, from: Date? = nil, to: Date? = nil) async throws -> [Lessons.Slot] {
        let bounds: [(name: String, value: String)] = zip(Lessons.BookingRoutes.slots.query, [from, to]).compactMap { name, date in
            date.map { (name, BookingTime.wire($0)) }
        }
        return try await api.send(Endpoint(Lessons.BookingRoutes.slots, postID, query: bounds)).slots
    }

    /// The teacher opens a time for one session at `startsAt`, and with `repeatWeeks` (1 to 12)
    /// the same time on the weeks after: all of them, or none when one overlaps another of their
    /// times (409). `minutes` is the lesson's minutes per session when nil.
    public func openSlots(postID: String, startsAt: Date, minutes: Int? = nil, repeatWeeks: Int? = nil) async throws -> [Lessons.Slot] {
        let request = Lessons.SlotsRequest(startsAt: BookingTime.wire(startsAt), minutes: minutes, repeatWeeks: repeatWeeks)
        return try await api.send(Endpoint(Lessons.BookingRoutes.openSlots, postID, body: request)).slots
    }

    /// The teacher closes an open time of theirs. A booked one stays (409): its booking is
    /// cancelled first.
    @discardableResult
    public func closeSlot(_ slotID: String) async throws -> Lessons.Slot {
        try await api.send(Endpoint(Lessons.BookingRoutes.closeSlot, slotID))
    }

    // MARK: Enrolments and bookings

    /// Mine as a student and as a teacher (each one's `role` says which), newest first.
    public func enrolments() async throws -> [Lessons.Enrolment] {
        try await api.send(Endpoint(Lessons.BookingRoutes.enrolments)).enrolments
    }

    /// One of mine, with its bookings and what ending it now would refund; 404 for anyone else's.
    public func enrolment(_ enrolmentID: String) async throws -> Lessons.Enrolment {
        try await api.send(Endpoint(Lessons.BookingRoutes.enrolment, enrolmentID))
    }

    /// The student books an open slot of the lesson for one of the enrolment's sessions. 409: the
    /// slot was booked meanwhile, no sessions remain, or the enrolment has ended.
    public func book(enrolmentID: String, slotID: String) async throws -> Lessons.Enrolment {
        try await api.send(Endpoint(Lessons.BookingRoutes.book, enrolmentID, body: Lessons.SlotChoice(slotID: slotID)))
    }

    /// Cancels an upcoming session. The student's returns the session until the terms'
    /// `freeCancelHours` before it, later as `lateCancellation` says; the teacher's always returns it.
    public func cancel(bookingID: String) async throws -> Lessons.Enrolment {
        try await api.send(Endpoint(Lessons.BookingRoutes.cancelBooking, bookingID))
    }

    /// The student moves an upcoming session to another open slot of the lesson, until the
    /// terms' `freeCancelHours` before it (409 after). The booking keeps its id, so calendars
    /// move the event.
    public func move(bookingID: String, to slotID: String) async throws -> Lessons.Enrolment {
        try await api.send(Endpoint(Lessons.BookingRoutes.moveBooking, bookingID, body: Lessons.SlotChoice(slotID: slotID)))
    }

    /// Ends the enrolment, cancelling its upcoming sessions, and refunds its `refundQuote`
    /// through the gateway that took the payment. 409: ended already; 502: the gateway did not
    /// refund and nothing changed.
    public func refund(enrolmentID: String) async throws -> Lessons.Enrolment {
        try await api.send(Endpoint(Lessons.BookingRoutes.refund, enrolmentID))
    }

    // MARK: Calendar feed

    /// Where my sessions are as an iCalendar feed, for Google's and Apple's calendars to
    /// subscribe to. The URL is the secret: keep it to yourself.
    public func calendarFeed() async throws -> CalendarFeed.Location {
        try await api.send(Endpoint(CalendarFeed.Routes.location))
    }

    /// Makes a new feed URL; the old one answers 404 from now on, so subscriptions to it stop.
    public func resetCalendarFeed() async throws -> CalendarFeed.Location {
        try await api.send(Endpoint(CalendarFeed.Routes.reset))
    }
}
