import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

/// A Sprout whose access tokens outlive the weeks the booking tests move the clock through, and
/// whose reminder service looks once at start and then not for a day of real time, so the tests
/// send the reminders themselves (`SessionReminders.sendDue`) at the times they set.
func withBookingSprout<T>(_ test: (TestSprout) async throws -> T) async throws -> T {
    try await withSprout(configure: { config in
        config.accessTokenLifetime = 10 * 366 * 86_400
        config.environment = EnvironmentReader(["SPROUT_LESSON_REMINDER_SECONDS": "86400"])
    }, test)
}

extension TestSprout {
    /// Sprout's own lessons API (`/api/lessons/…`) as `user`, with the access token as a bearer token.
    func lessonsAPI(_ method: HTTPMethod, _ path: String, as user: LessonsUser, json: (any Encodable)? = nil) async throws -> TestingHTTPResponse {
        try await send(method, "api/lessons/" + path, headers: ["Authorization": "Bearer \(user.token)"], json: json)
    }

    /// A lesson by `teacher` that sells `terms`.
    func describedLesson(by teacher: LessonsUser, price: Int, _ terms: Lessons.TermsRequest) async throws -> Lessons.Post {
        let lesson = try await self.lesson(by: teacher, price: price)
        let response = try await lessonsAPI(.PUT, "\(lesson.postID)/terms", as: teacher, json: terms)
        #expect(response.status.code == 200, "\(response.body.string)")
        return lesson
    }

    /// Opens `start` (and the same time on the following weeks) for the teacher's lesson.
    func openSlots(_ postID: String, as teacher: LessonsUser, at start: Date, minutes: Int? = nil, repeatWeeks: Int? = nil) async throws -> [Lessons.Slot] {
        let request = Lessons.SlotsRequest(startsAt: UTCTimestamp.format(start) + "Z", minutes: minutes, repeatWeeks: repeatWeeks)
        let response = try await lessonsAPI(.POST, "\(postID)/slots", as: teacher, json: request)
        #expect(response.status.code == 200, "\(response.body.string)")
        return try response.decode(Lessons.SlotList.self).slots
    }

    /// Pays the lesson's price in the sandbox and validates the payment, as the app does: the
    /// enrolment the payment made, and the payment's `imp_uid`.
    func enrol(_ student: LessonsUser, in lesson: Lessons.Post) async throws -> (enrolment: Lessons.Enrolment, impUID: String) {
        let checkout = try await call(.POST, "sandbox/payments", as: student, json: Lessons.SandboxCheckoutRequest(postID: lesson.postID, amount: lesson.price))
        #expect(checkout.status.code == 200, "\(checkout.body.string)")
        let impUID = try checkout.decode(Lessons.SandboxCheckout.self).impUID
        let validated = try await call(.POST, "payments/validation", as: student, json: Lessons.PaymentValidationRequest(impUID: impUID, postID: lesson.postID))
        #expect(validated.status.code == 200, "\(validated.body.string)")
        let mine = try await lessonsAPI(.GET, "enrolments", as: student)
        #expect(mine.status.code == 200, "\(mine.body.string)")
        let enrolment = try #require(try mine.decode(Lessons.EnrolmentList.self).enrolments.first { $0.postID == lesson.postID && $0.role == "student" })
        return (enrolment, impUID)
    }

    /// The enrolment as `user` (its student or its teacher) sees it now.
    func enrolment(_ enrolmentID: String, as user: LessonsUser) async throws -> Lessons.Enrolment {
        let response = try await lessonsAPI(.GET, "enrolments/\(enrolmentID)", as: user)
        #expect(response.status.code == 200, "\(response.body.string)")
        return try response.decode(Lessons.Enrolment.self)
    }

    func book(_ enrolmentID: String, _ slotID: String, as student: LessonsUser) async throws -> TestingHTTPResponse {
        try await lessonsAPI(.POST, "enrolments/\(enrolmentID)/bookings", as: student, json: Lessons.SlotChoice(slotID: slotID))
    }

    /// Books the slot and answers the new booking.
    func booked(_ enrolmentID: String, _ slotID: String, as student: LessonsUser) async throws -> Lessons.Booking {
        let response = try await book(enrolmentID, slotID, as: student)
        #expect(response.status.code == 200, "\(response.body.string)")
        return try #require(try response.decode(Lessons.Enrolment.self).bookings.first { $0.slotID == slotID && $0.state == .booked })
    }

    /// The slots of the lesson `user` may see (the open ones; the teacher's booked ones too), by id.
    func slots(of postID: String, as user: LessonsUser) async throws -> [String: Lessons.Slot] {
        let response = try await lessonsAPI(.GET, "\(postID)/slots", as: user)
        #expect(response.status.code == 200, "\(response.body.string)")
        return Dictionary(try response.decode(Lessons.SlotList.self).slots.map { ($0.slotID, $0) }) { first, _ in first }
    }

    /// What `user` was notified of with `kind`, newest first.
    func notified(_ user: LessonsUser, of kind: Notifications.Kind) async throws -> [Notifications.Item] {
        try await platform.notifications.page(of: user.id, before: nil, limit: 50, english: false, on: app.db).notifications.filter { $0.kind == kind.rawValue }
    }

    /// Moves the clock to `date` (forward only).
    func moveClock(to date: Date) {
        let step = date.timeIntervalSince(clock.now)
        #expect(step >= 0, "the clock only moves forward")
        clock.advance(by: max(step, 0))
    }
}

extension Lessons.Enrolment {
    func booking(_ bookingID: String) throws -> Lessons.Booking {
        try #require(bookings.first { $0.bookingID == bookingID })
    }
}
