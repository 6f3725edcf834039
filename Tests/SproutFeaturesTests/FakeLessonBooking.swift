import Foundation
import SproutAPI
import SproutFeatures
import SproutKit

/// An in-memory booking API for view-model tests: lessons' slots, enrolments with their bookings,
/// and a calendar feed. It keeps the server's rules as far as the screens meet them (an
/// overlapping time is refused, a booked slot is neither closed nor booked again, a refund ends
/// the enrolment), records every call by name and fails any call named in `failures`.
actor FakeLessonBooking: LessonBookingService {
    private(set) var openTimes: [Lessons.Slot]
    private(set) var enrolled: [Lessons.Enrolment]
    private(set) var calendar = FakeLessonBooking.location("first")
    /// Call name → the error it throws, until removed.
    private(set) var failures: [String: SproutError] = [:]
    private(set) var calls: [String] = []
    private var nextID = 0

    init(slots: [Lessons.Slot] = [], enrolments: [Lessons.Enrolment] = []) {
        openTimes = slots
        enrolled = enrolments
    }

    // MARK: Samples

    /// A moment by its wire text, `2026-12-01T10:00:00Z`.
    static func time(_ wire: String) -> Date { BookingTime.date(wire) ?? .distantPast }

    static func slot(_ id: String, at startsAt: String, minutes: Int = 60, available: Bool = true) -> Lessons.Slot {
        Lessons.Slot(slotID: id, postID: "p1", startsAt: startsAt, endsAt: BookingTime.wire(time(startsAt).addingTimeInterval(TimeInterval(minutes) * 60)),
                     available: available)
    }

    static func booking(_ id: String, in slot: Lessons.Slot, state: Lessons.BookingState = .booked) -> Lessons.Booking {
        Lessons.Booking(bookingID: id, enrolmentID: "e1", slotID: slot.slotID, startsAt: slot.startsAt, endsAt: slot.endsAt, state: state, cancelledBy: nil)
    }

    static func terms(freeCancelHours: Int = 24, lateCancellation: Lessons.LateCancellation = .sessionUsed) -> Lessons.Terms {
        Lessons.Terms(postID: "p1", sessions: 4, minutesPerSession: 60, format: .online, regionCode: nil, regionName: nil, dong: nil,
                      curriculum: [], bring: "", freeCancelHours: freeCancelHours, lateCancellation: lateCancellation, refundFeePercent: 10,
                      price: 200_000, pricePerSession: 50_000, described: true)
    }

    static func paidEnrolment(_ id: String = "e1", role: String = "student", remaining: Int = 4, refundQuote: Int = 200_000,
                              terms: Lessons.Terms = FakeLessonBooking.terms(), bookings: [Lessons.Booking] = []) -> Lessons.Enrolment {
        Lessons.Enrolment(enrolmentID: id, postID: "p1", title: "Violin", role: role, teacher: Lessons.Participant(userID: "teacher", nick: "Kim"),
                          student: Lessons.Participant(userID: "student", nick: "Lee"), state: .active, sessions: 4, remaining: remaining,
                          used: 0, price: 200_000, paidAt: "2026-11-20T01:00:00Z", refundQuote: refundQuote, refundedAmount: nil,
                          terms: terms, bookings: bookings)
    }

    static func location(_ secret: String) -> CalendarFeed.Location {
        CalendarFeed.Location(url: "https://sprout.test/api/calendar/\(secret).ics", webcal: "webcal://sprout.test/api/calendar/\(secret).ics")
    }

    // MARK: Scripting

    func fail(_ call: String, with error: SproutError) { failures[call] = error }
    func forgetCalls() { calls = [] }

    /// Someone else books the slot.
    func markBooked(_ slotID: String) {
        if let index = openTimes.firstIndex(where: { $0.slotID == slotID }) { openTimes[index].available = false }
    }

    private func record(_ call: String, _ detail: String = "") throws {
        calls.append(detail.isEmpty ? call : "\(call)(\(detail))")
        if let error = failures[call] { throw error }
    }

    private static func conflict(_ reason: String) -> SproutError { .http(status: 409, code: .conflict, message: reason) }
    private static let notFound = SproutError.http(status: 404, code: .notFound, message: "No such lesson, slot, enrolment or booking of yours.")

    private func enrolmentIndex(_ id: String) throws -> Int {
        guard let index = enrolled.firstIndex(where: { $0.enrolmentID == id }) else { throw Self.notFound }
        return index
    }

    private func slotIndex(_ id: String) throws -> Int {
        guard let index = openTimes.firstIndex(where: { $0.slotID == id }) else { throw Self.notFound }
        return index
    }

    /// The enrolment holding the booking, and where the booking is in it.
    private func bookingIndex(_ id: String) throws -> (enrolment: Int, booking: Int) {
        for (enrolment, held) in enrolled.enumerated() {
            if let booking = held.bookings.firstIndex(where: { $0.bookingID == id }) { return (enrolment, booking) }
        }
        throw Self.notFound
    }

    private func setAvailable(_ available: Bool, slotID: String) {
        if let index = openTimes.firstIndex(where: { $0.slotID == slotID }) { openTimes[index].available = available }
    }

    private func newID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    // MARK: LessonBookingService

    /// The lesson's slots starting in [from, to), earliest first.
    func slots(postID: String, from: Date?, to: Date?) async throws -> [Lessons.Slot] {
        try record("slots", "\(postID),\(from.map(BookingTime.wire) ?? "-"),\(to.map(BookingTime.wire) ?? "-")")
        return openTimes.filter { slot in
            let start = Self.time(slot.startsAt)
            return slot.postID == postID && (from.map { start >= $0 } ?? true) && (to.map { start < $0 } ?? true)
        }.sorted { Self.time($0.startsAt) < Self.time($1.startsAt) }
    }

    func openSlots(postID: String, startsAt: Date, minutes: Int?, repeatWeeks: Int?) async throws -> [Lessons.Slot] {
        try record("openSlots", "\(postID),\(BookingTime.wire(startsAt)),\(repeatWeeks.map(String.init) ?? "-")")
        let length = TimeInterval(minutes ?? 60) * 60
        let opened = (0..<(repeatWeeks ?? 1)).map { week in
            let start = startsAt.addingTimeInterval(TimeInterval(week) * 7 * 86_400)
            return Lessons.Slot(slotID: newID("slot"), postID: postID, startsAt: BookingTime.wire(start),
                                endsAt: BookingTime.wire(start.addingTimeInterval(length)), available: true)
        }
        let overlaps = opened.contains { new in
            openTimes.contains { Self.time($0.startsAt) < Self.time(new.endsAt) && Self.time($0.endsAt) > Self.time(new.startsAt) }
        }
        guard !overlaps else { throw Self.conflict("You have a slot at an overlapping time.") }
        openTimes += opened
        return opened
    }

    func closeSlot(_ slotID: String) async throws -> Lessons.Slot {
        try record("closeSlot", slotID)
        let index = try slotIndex(slotID)
        guard openTimes[index].available else { throw Self.conflict("The slot is booked: cancel the booking first.") }
        return openTimes.remove(at: index)
    }

    func enrolments() async throws -> [Lessons.Enrolment] {
        try record("enrolments")
        return enrolled
    }

    func enrolment(_ enrolmentID: String) async throws -> Lessons.Enrolment {
        try record("enrolment", enrolmentID)
        return enrolled[try enrolmentIndex(enrolmentID)]
    }

    func book(enrolmentID: String, slotID: String) async throws -> Lessons.Enrolment {
        try record("book", "\(enrolmentID),\(slotID)")
        let index = try enrolmentIndex(enrolmentID)
        let slot = openTimes[try slotIndex(slotID)]
        guard slot.available else { throw Self.conflict("Someone booked this slot already.") }
        guard enrolled[index].remaining > 0 else { throw Self.conflict("Every session of this enrolment is booked or used.") }
        enrolled[index].bookings.append(Lessons.Booking(bookingID: newID("booking"), enrolmentID: enrolmentID, slotID: slotID,
                                                        startsAt: slot.startsAt, endsAt: slot.endsAt, state: .booked, cancelledBy: nil))
        enrolled[index].remaining -= 1
        setAvailable(false, slotID: slotID)
        return enrolled[index]
    }

    /// Always returns the session: what a late cancel does is the view model's to say.
    func cancel(bookingID: String) async throws -> Lessons.Enrolment {
        try record("cancel", bookingID)
        let (index, position) = try bookingIndex(bookingID)
        enrolled[index].bookings[position].state = .cancelled
        enrolled[index].bookings[position].cancelledBy = enrolled[index].role
        enrolled[index].remaining += 1
        setAvailable(true, slotID: enrolled[index].bookings[position].slotID)
        return enrolled[index]
    }

    func move(bookingID: String, to slotID: String) async throws -> Lessons.Enrolment {
        try record("move", "\(bookingID),\(slotID)")
        let (index, position) = try bookingIndex(bookingID)
        let slot = openTimes[try slotIndex(slotID)]
        guard slot.available else { throw Self.conflict("Someone booked this slot already.") }
        setAvailable(true, slotID: enrolled[index].bookings[position].slotID)
        enrolled[index].bookings[position].slotID = slotID
        enrolled[index].bookings[position].startsAt = slot.startsAt
        enrolled[index].bookings[position].endsAt = slot.endsAt
        setAvailable(false, slotID: slotID)
        return enrolled[index]
    }

    func refund(enrolmentID: String) async throws -> Lessons.Enrolment {
        try record("refund", enrolmentID)
        let index = try enrolmentIndex(enrolmentID)
        guard enrolled[index].state == .active else { throw Self.conflict("The enrolment has ended.") }
        enrolled[index].state = .refunded
        enrolled[index].refundedAmount = enrolled[index].refundQuote
        enrolled[index].refundQuote = 0
        enrolled[index].remaining = 0
        return enrolled[index]
    }

    func calendarFeed() async throws -> CalendarFeed.Location {
        try record("calendarFeed")
        return calendar
    }

    func resetCalendarFeed() async throws -> CalendarFeed.Location {
        try record("resetCalendarFeed")
        calendar = Self.location(newID("secret"))
        return calendar
    }
}
