import Foundation
import SproutAPI
import SproutKit
import Testing

/// Samples of the booking API's answers.
enum BookingSamples {
    static let terms = Lessons.Terms(
        postID: "p1", sessions: 4, minutesPerSession: 50, format: .online, regionCode: nil, regionName: nil, dong: nil,
        curriculum: ["Scales", "Bach"], bring: "", freeCancelHours: 24, lateCancellation: .sessionUsed, refundFeePercent: 10,
        price: 200_000, pricePerSession: 50_000, described: true
    )
    static let slot = Lessons.Slot(slotID: "s1", postID: "p1", startsAt: "2026-12-01T10:00:00Z", endsAt: "2026-12-01T10:50:00Z", available: true)
    static let booking = Lessons.Booking(bookingID: "b1", enrolmentID: "e1", slotID: "s1", startsAt: "2026-12-01T10:00:00Z",
                                         endsAt: "2026-12-01T10:50:00Z", state: .booked, cancelledBy: nil)
    static let enrolment = Lessons.Enrolment(
        enrolmentID: "e1", postID: "p1", title: "Violin", role: "student", teacher: Lessons.Participant(userID: "t1", nick: "Kim"),
        student: Lessons.Participant(userID: "u1", nick: "Lee"), state: .active, sessions: 4, remaining: 3, used: 0, price: 200_000,
        paidAt: "2026-11-20T01:00:00Z", refundQuote: 200_000, refundedAmount: nil, terms: terms, bookings: [booking]
    )
    static let calendar = CalendarFeed.Location(url: "https://sprout.test/api/calendar/abc.ics", webcal: "webcal://sprout.test/api/calendar/abc.ics")

    static func json(_ value: some Encodable) throws -> Data { try JSONEncoder().encode(value) }
}

/// `LessonBookingClient`: each call's exact request, its answer read back, and refusals with the server's reason.
@Suite struct LessonBookingClientTests {
    static let base = URL(string: "http://sprout.test")!

    /// Sends one call through a signed-in client whose server answers `status` with `body`.
    func sent<T>(_ body: Data, status: Int = 200, _ call: (LessonBookingClient) async throws -> T) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: body) }
        let client = LessonBookingClient(baseURL: Self.base, transport: transport,
                                         session: AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")))
        let result = try await call(client)
        #expect(transport.requests.count == 1)
        return (try #require(transport.requests.first), result)
    }

    func expect(_ request: HTTPRequest, _ method: HTTPMethod, _ path: String, query: [String] = [], json: JSONValue? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.url.path == path, sourceLocation: sourceLocation)
        #expect(request.queryPairs == query, sourceLocation: sourceLocation)
        #expect(request.header("Authorization") == "Bearer access-1", sourceLocation: sourceLocation)
        if let json {
            #expect(request.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
            #expect(try JSONValue(request.body) == json, sourceLocation: sourceLocation)
        } else {
            #expect(request.body == nil && request.header("Content-Type") == nil, sourceLocation: sourceLocation)
        }
    }

    /// 2026-12-01T10:00:00Z, 19:00 in Seoul.
    static let tuesdayEvening = Date(timeIntervalSince1970: 1_796_119_200)

    @Test func timesGoOnTheWireAsUTCInstants() {
        #expect(BookingTime.wire(Self.tuesdayEvening) == "2026-12-01T10:00:00Z")
        #expect(BookingTime.date("2026-12-01T10:00:00Z") == Self.tuesdayEvening)
        #expect(BookingTime.date("next tuesday") == nil)
    }

    @Test func termsAreReadAndDescribed() async throws {
        let (read, terms) = try await sent(try BookingSamples.json(BookingSamples.terms)) { try await $0.terms(postID: "p1") }
        try expect(read, .get, "/api/lessons/p1/terms")
        #expect(terms == BookingSamples.terms)

        let request = Lessons.TermsRequest(sessions: 4, minutesPerSession: 50, format: .online, freeCancelHours: 12,
                                           lateCancellation: .sessionReturned, refundFeePercent: 10)
        let (describe, _) = try await sent(try BookingSamples.json(BookingSamples.terms)) { try await $0.describe(postID: "p1", request) }
        try expect(describe, .put, "/api/lessons/p1/terms", json: [
            "sessions": 4, "minutes_per_session": 50, "format": "online", "free_cancel_hours": 12,
            "late_cancellation": "session_returned", "refund_fee_percent": 10,
        ])
    }

    @Test func slotsSendOnlyTheBoundsGivenAndReadTheWireKeys() async throws {
        let answer = Data(#"{"slots":[{"slot_id":"s1","post_id":"p1","starts_at":"2026-12-01T10:00:00Z","ends_at":"2026-12-01T10:50:00Z","available":false}]}"#.utf8)
        let (plain, slots) = try await sent(answer) { try await $0.slots(postID: "p1") }
        try expect(plain, .get, "/api/lessons/p1/slots")
        var booked = BookingSamples.slot
        booked.available = false
        #expect(slots == [booked])

        let monday = Date(timeIntervalSince1970: 1_795_964_400)
        let (week, _) = try await sent(answer) { try await $0.slots(postID: "p1", from: monday, to: monday.addingTimeInterval(7 * 86_400)) }
        try expect(week, .get, "/api/lessons/p1/slots", query: ["from=2026-11-29T15:00:00Z", "to=2026-12-06T15:00:00Z"])
        let (until, _) = try await sent(answer) { try await $0.slots(postID: "p1", to: monday) }
        try expect(until, .get, "/api/lessons/p1/slots", query: ["to=2026-11-29T15:00:00Z"])
    }

    @Test func openingSendsTheStartAndOnlyTheChoicesMade() async throws {
        let answer = try BookingSamples.json(Lessons.SlotList(slots: [BookingSamples.slot]))
        let (weekly, opened) = try await sent(answer) {
            try await $0.openSlots(postID: "p1", startsAt: Self.tuesdayEvening, minutes: 50, repeatWeeks: 4)
        }
        try expect(weekly, .post, "/api/lessons/p1/slots", json: ["starts_at": "2026-12-01T10:00:00Z", "minutes": 50, "repeat_weeks": 4])
        #expect(opened == [BookingSamples.slot])
        let (once, _) = try await sent(answer) { try await $0.openSlots(postID: "p1", startsAt: Self.tuesdayEvening) }
        try expect(once, .post, "/api/lessons/p1/slots", json: ["starts_at": "2026-12-01T10:00:00Z"])

        let (close, closed) = try await sent(try BookingSamples.json(BookingSamples.slot)) { try await $0.closeSlot("s1") }
        try expect(close, .delete, "/api/lessons/slots/s1")
        #expect(closed == BookingSamples.slot)
    }

    @Test func enrolmentsAreListedAndRead() async throws {
        let (list, enrolments) = try await sent(try BookingSamples.json(Lessons.EnrolmentList(enrolments: [BookingSamples.enrolment]))) {
            try await $0.enrolments()
        }
        try expect(list, .get, "/api/lessons/enrolments")
        #expect(enrolments == [BookingSamples.enrolment])
        let (one, enrolment) = try await sent(try BookingSamples.json(BookingSamples.enrolment)) { try await $0.enrolment("e1") }
        try expect(one, .get, "/api/lessons/enrolments/e1")
        #expect(enrolment == BookingSamples.enrolment)
    }

    @Test func bookingsAreMadeMovedCancelledAndRefunded() async throws {
        let answer = try BookingSamples.json(BookingSamples.enrolment)
        let (book, booked) = try await sent(answer) { try await $0.book(enrolmentID: "e1", slotID: "s1") }
        try expect(book, .post, "/api/lessons/enrolments/e1/bookings", json: ["slot_id": "s1"])
        #expect(booked == BookingSamples.enrolment)
        let (move, _) = try await sent(answer) { try await $0.move(bookingID: "b1", to: "s2") }
        try expect(move, .post, "/api/lessons/bookings/b1/move", json: ["slot_id": "s2"])
        let (cancel, _) = try await sent(answer) { try await $0.cancel(bookingID: "b1") }
        try expect(cancel, .post, "/api/lessons/bookings/b1/cancel")
        let (refund, _) = try await sent(answer) { try await $0.refund(enrolmentID: "e1") }
        try expect(refund, .post, "/api/lessons/enrolments/e1/refund")
    }

    @Test func theCalendarFeedIsReadAndReset() async throws {
        let answer = try BookingSamples.json(BookingSamples.calendar)
        let (read, location) = try await sent(answer) { try await $0.calendarFeed() }
        try expect(read, .get, "/api/calendar")
        #expect(location == BookingSamples.calendar)
        let (reset, _) = try await sent(answer) { try await $0.resetCalendarFeed() }
        try expect(reset, .post, "/api/calendar/reset")
    }

    @Test func refusalsCarryTheServersReason() async throws {
        await #expect(throws: SproutError.http(status: 409, code: .conflict, message: "You have a slot at an overlapping time.")) {
            try await sent(Data(#"{"error":true,"reason":"You have a slot at an overlapping time."}"#.utf8), status: 409) {
                try await $0.openSlots(postID: "p1", startsAt: Self.tuesdayEvening)
            }
        }
        let gateway = "The payment gateway did not refund; nothing changed. Try again later."
        await #expect(throws: SproutError.http(status: 502, code: .serverError, message: gateway)) {
            try await sent(Data(#"{"error":true,"reason":"\#(gateway)"}"#.utf8), status: 502) { try await $0.refund(enrolmentID: "e1") }
        }
        #expect(APIErrorCode(status: 419, contract: .lessonBooking) == .accessTokenExpired)
    }

    @Test func callsNeedASignedInSession() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 200) }
        let client = LessonBookingClient(baseURL: Self.base, transport: transport)
        await #expect(throws: SproutError.notSignedIn) { try await client.enrolments() }
        await #expect(throws: SproutError.notSignedIn) { try await client.calendarFeed() }
        #expect(transport.requests.isEmpty)
    }

    @Test func anExpiredTokenIsRefreshedOnceAndTheBookingResent() async throws {
        let transport = TestTransport { request in
            if request.url.path == "/api/auth/refresh" {
                return HTTPResponse(status: 200, body: Data(#"{"accessToken":"access-2","refreshToken":"refresh-2"}"#.utf8))
            }
            guard request.header("Authorization") == "Bearer access-2" else {
                return HTTPResponse(status: 419, body: Data(#"{"error":true,"reason":"Access token expired: refresh"}"#.utf8))
            }
            return HTTPResponse(status: 200, body: try BookingSamples.json(BookingSamples.enrolment))
        }
        let session = AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1"))
        let client = LessonBookingClient(baseURL: Self.base, transport: transport, session: session)
        #expect(try await client.book(enrolmentID: "e1", slotID: "s1") == BookingSamples.enrolment)
        #expect(transport.requests.map(\.url.path) == ["/api/lessons/enrolments/e1/bookings", "/api/auth/refresh", "/api/lessons/enrolments/e1/bookings"])
        #expect(transport.requests[2].body == transport.requests[0].body)
        #expect(await session.tokens == AuthTokens(accessToken: "access-2", refreshToken: "refresh-2"))
    }
}
