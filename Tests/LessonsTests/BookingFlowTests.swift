import Fluent
import Foundation
@testable import Lessons
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing

/// The booking API end to end, on the manual clock: a teacher opens times, a student pays in the
/// sandbox and books; sessions are taken as their time passes; cancelling, moving and ending the
/// enrolment follow the terms paid under; and both people are reminded of each session twice.
@Suite struct BookingFlowTests {
    /// 4 sessions of an hour online for 90,000, free to cancel or move until 24 hours before, a late
    /// cancel counting as used, and 10% kept of a refund after the first session.
    static let fourSessions = Lessons.TermsRequest(sessions: 4, minutesPerSession: 60, format: .online, freeCancelHours: 24,
                                                   lateCancellation: .sessionUsed, refundFeePercent: 10)

    @Test func aTakenSessionIsUsedAndARefundReturnsTheRestLessTheFee() async throws {
        try await withBookingSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.describedLesson(by: teacher, price: 90_000, Self.fourSessions)
            let start = sprout.clock.now.addingTimeInterval(2 * 86_400)
            let slots = try await sprout.openSlots(lesson.postID, as: teacher, at: start, repeatWeeks: 4)
            #expect(slots.count == 4 && slots.allSatisfy(\.available))
            #expect(slots.map(\.startsAt) == (0..<4).map { SeoulTime.wire(start.addingTimeInterval(Double($0) * 7 * 86_400)) }, "the same time each week")
            #expect(slots.first?.endsAt == SeoulTime.wire(start.addingTimeInterval(3600)), "the terms' hour")

            let (enrolment, impUID) = try await sprout.enrol(student, in: lesson)
            #expect(enrolment.state == .active && enrolment.sessions == 4 && enrolment.remaining == 4 && enrolment.used == 0)
            #expect(enrolment.terms.refundFeePercent == 10 && enrolment.terms.lateCancellation == .sessionUsed, "the terms paid under")
            #expect(enrolment.refundQuote == 90_000, "before the first session: everything")

            let first = try await sprout.booked(enrolment.enrolmentID, slots[0].slotID, as: student)
            let second = try await sprout.booked(enrolment.enrolmentID, slots[1].slotID, as: student)
            let seen = try await sprout.slots(of: lesson.postID, as: student)
            #expect(seen[slots[0].slotID] == nil && seen[slots[1].slotID] == nil && seen[slots[2].slotID]?.available == true, "students see open times only")
            #expect(try await sprout.slots(of: lesson.postID, as: teacher)[slots[0].slotID]?.available == false, "the teacher sees it booked")

            sprout.moveClock(to: start.addingTimeInterval(1800))
            let during = try await sprout.enrolment(enrolment.enrolmentID, as: student)
            let underWay = try during.booking(first.bookingID)
            #expect(underWay.state == .booked && during.used == 0, "a session under way is not yet taken")

            sprout.moveClock(to: start.addingTimeInterval(3600 + 1))
            let taken = try await sprout.enrolment(enrolment.enrolmentID, as: student)
            #expect(try taken.booking(first.bookingID).state == .taken)
            #expect(try taken.booking(second.bookingID).state == .booked)
            #expect(taken.used == 1 && taken.remaining == 2 && taken.state == .active)
            #expect(taken.refundQuote == 60_750, "90,000 × 3/4 = 67,500, less 10%")
            #expect(try await sprout.enrolment(enrolment.enrolmentID, as: teacher).refundQuote == 67_500, "the teacher ending it would take no fee")

            let refund = try await sprout.lessonsAPI(.POST, "enrolments/\(enrolment.enrolmentID)/refund", as: student)
            #expect(refund.status.code == 200, "\(refund.body.string)")
            let ended = try refund.decode(Lessons.Enrolment.self)
            #expect(ended.state == .refunded && ended.refundedAmount == 60_750 && ended.refundQuote == 0 && ended.remaining == 0)
            #expect(try ended.booking(first.bookingID).state == .taken, "what was taken stays taken")
            let upcoming = try ended.booking(second.bookingID)
            #expect(upcoming.state == .cancelled && upcoming.cancelledBy == "student", "the upcoming session is cancelled")
            #expect(try await sprout.slots(of: lesson.postID, as: student)[slots[1].slotID]?.available == true, "and its time is open again")

            let payment = try #require(try await SandboxPayment.find(impUID, on: sprout.app.db))
            #expect(payment.cancelledAmount == 60_750)
            #expect(payment.status == "paid", "a partial cancel leaves the payment paid, as iamport's does")
            let receipt = try await LessonPayment.query(on: sprout.app.db).filter(\.$impUID == impUID).first()
            #expect(receipt?.refundedAmount == 60_750)
            #expect(try await sprout.call(.GET, "payments/me", as: student).decode(Lessons.ReceiptList.self).data.count == 1, "a receipt refunded in part stays")

            let again = try await sprout.lessonsAPI(.POST, "enrolments/\(enrolment.enrolmentID)/refund", as: student)
            #expect(again.status.code == 409, "refunded once")
            let unchanged = try await SandboxPayment.find(impUID, on: sprout.app.db)
            #expect(unchanged?.cancelledAmount == 60_750, "nothing cancelled twice")
            #expect(try await sprout.notified(teacher, of: .lessonRefund).contains { $0.text.contains("60,750") }, "the teacher is told")
        }
    }

    @Test func theTeacherEndingItTakesNoFeeAndAFullRefundCancelsThePayment() async throws {
        try await withBookingSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let lee = try await sprout.signUp("lee")
            let park = try await sprout.signUp("park")
            let lesson = try await sprout.describedLesson(by: teacher, price: 90_000, Self.fourSessions)
            let start = sprout.clock.now.addingTimeInterval(2 * 86_400)
            let slots = try await sprout.openSlots(lesson.postID, as: teacher, at: start, repeatWeeks: 2)
            let (lees, leesPayment) = try await sprout.enrol(lee, in: lesson)
            let (parks, parksPayment) = try await sprout.enrol(park, in: lesson)
            _ = try await sprout.booked(lees.enrolmentID, slots[0].slotID, as: lee)
            sprout.moveClock(to: start.addingTimeInterval(3600 + 1))

            let ended = try await sprout.lessonsAPI(.POST, "enrolments/\(lees.enrolmentID)/refund", as: teacher)
            #expect(ended.status.code == 200, "\(ended.body.string)")
            #expect(try ended.decode(Lessons.Enrolment.self).refundedAmount == 67_500, "three unused sessions of four, no fee")
            let asStudent = try await sprout.enrolment(lees.enrolmentID, as: lee)
            #expect(asStudent.state == .refunded && asStudent.refundedAmount == 67_500)
            let leesRow = try #require(try await SandboxPayment.find(leesPayment, on: sprout.app.db))
            #expect(leesRow.cancelledAmount == 67_500 && leesRow.status == "paid")
            #expect(try await sprout.notified(lee, of: .lessonRefund).count == 1, "the student is told")

            let full = try await sprout.lessonsAPI(.POST, "enrolments/\(parks.enrolmentID)/refund", as: park)
            #expect(full.status.code == 200, "\(full.body.string)")
            #expect(try full.decode(Lessons.Enrolment.self).refundedAmount == 90_000, "nothing taken: everything back, fee or not")
            let parksRow = try #require(try await SandboxPayment.find(parksPayment, on: sprout.app.db))
            #expect(parksRow.cancelledAmount == 90_000 && parksRow.status == "cancelled", "cancelled whole")
            #expect(try await sprout.call(.GET, "payments/me", as: park).decode(Lessons.ReceiptList.self).data.isEmpty, "a payment refunded whole is no receipt")
        }
    }

    @Test func aLateCancelUnderSessionUsedForfeitsTheSession() async throws {
        try await withBookingSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.describedLesson(by: teacher, price: 90_000, Self.fourSessions)
            let start = sprout.clock.now.addingTimeInterval(2 * 86_400)
            let week: TimeInterval = 7 * 86_400
            let slots = try await sprout.openSlots(lesson.postID, as: teacher, at: start, repeatWeeks: 4)
            let (enrolment, _) = try await sprout.enrol(student, in: lesson)
            let id = enrolment.enrolmentID

            let early = try await sprout.booked(id, slots[0].slotID, as: student)
            let freed = try await sprout.lessonsAPI(.POST, "bookings/\(early.bookingID)/cancel", as: student).decode(Lessons.Enrolment.self)
            let cancelledEarly = try freed.booking(early.bookingID)
            #expect(cancelledEarly.state == .cancelled && cancelledEarly.cancelledBy == "student")
            #expect(freed.remaining == 4 && freed.used == 0, "two days ahead: the session returns")

            let late = try await sprout.booked(id, slots[0].slotID, as: student)
            sprout.moveClock(to: start.addingTimeInterval(-23 * 3600))
            let cancel = try await sprout.lessonsAPI(.POST, "bookings/\(late.bookingID)/cancel", as: student)
            #expect(cancel.status.code == 200, "\(cancel.body.string)")
            let forfeited = try cancel.decode(Lessons.Enrolment.self)
            let cancelledLate = try forfeited.booking(late.bookingID)
            #expect(cancelledLate.state == .forfeited && cancelledLate.cancelledBy == "student")
            #expect(forfeited.used == 1 && forfeited.remaining == 3, "23 hours ahead under session_used: the session counts as used")
            #expect(forfeited.refundQuote == 60_750, "and the refund counts it")
            #expect(try await sprout.slots(of: lesson.postID, as: student)[slots[0].slotID]?.available == true, "the time itself is open again")

            let byTeacher = try await sprout.booked(id, slots[1].slotID, as: student)
            sprout.moveClock(to: start.addingTimeInterval(week - 2 * 3600))
            let teachers = try await sprout.lessonsAPI(.POST, "bookings/\(byTeacher.bookingID)/cancel", as: teacher)
            #expect(teachers.status.code == 200, "\(teachers.body.string)")
            let returned = try await sprout.enrolment(id, as: student)
            let cancelledByTeacher = try returned.booking(byTeacher.bookingID)
            #expect(cancelledByTeacher.state == .cancelled && cancelledByTeacher.cancelledBy == "teacher")
            #expect(returned.used == 1 && returned.remaining == 3, "the teacher's cancel always returns the session")

            let edge = try await sprout.booked(id, slots[3].slotID, as: student)
            sprout.moveClock(to: start.addingTimeInterval(3 * week - 24 * 3600))
            let inTime = try await sprout.lessonsAPI(.POST, "bookings/\(edge.bookingID)/cancel", as: student).decode(Lessons.Enrolment.self)
            #expect(try inTime.booking(edge.bookingID).state == .cancelled, "exactly 24 hours ahead is still in time")

            let started = try await sprout.booked(id, slots[3].slotID, as: student)
            sprout.moveClock(to: start.addingTimeInterval(3 * week + 60))
            let tooLate = try await sprout.lessonsAPI(.POST, "bookings/\(started.bookingID)/cancel", as: student)
            #expect(tooLate.status.code == 409, "a session under way is not cancelled")
            #expect(try await sprout.enrolment(id, as: student).booking(started.bookingID).state == .booked)
            #expect(try await sprout.notified(teacher, of: .lessonBooking).count >= 4, "the teacher hears of every booking and cancel")
        }
    }

    @Test func movingIsFreeUntilTheTermsHoursBefore() async throws {
        try await withBookingSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let lee = try await sprout.signUp("lee")
            let park = try await sprout.signUp("park")
            let lesson = try await sprout.describedLesson(by: teacher, price: 90_000, Self.fourSessions)
            let start = sprout.clock.now.addingTimeInterval(2 * 86_400)
            let slots = try await sprout.openSlots(lesson.postID, as: teacher, at: start, repeatWeeks: 4)
            let (lees, _) = try await sprout.enrol(lee, in: lesson)
            let (parks, _) = try await sprout.enrol(park, in: lesson)
            let booking = try await sprout.booked(lees.enrolmentID, slots[0].slotID, as: lee)
            _ = try await sprout.booked(parks.enrolmentID, slots[2].slotID, as: park)

            let move = try await sprout.lessonsAPI(.POST, "bookings/\(booking.bookingID)/move", as: lee, json: Lessons.SlotChoice(slotID: slots[1].slotID))
            #expect(move.status.code == 200, "\(move.body.string)")
            let moved = try move.decode(Lessons.Enrolment.self)
            #expect(moved.bookings.count == 1, "the same booking, moved")
            let movedBooking = try moved.booking(booking.bookingID)
            #expect(movedBooking.slotID == slots[1].slotID && movedBooking.startsAt == slots[1].startsAt && movedBooking.state == .booked)
            let open = try await sprout.slots(of: lesson.postID, as: lee)
            #expect(open[slots[0].slotID]?.available == true && open[slots[1].slotID] == nil, "the old time opens, the new one is held")

            let taken = try await sprout.lessonsAPI(.POST, "bookings/\(booking.bookingID)/move", as: lee, json: Lessons.SlotChoice(slotID: slots[2].slotID))
            #expect(taken.status.code == 409)
            #expect(try taken.jsonObject()["reason"] as? String == "Someone booked this slot already.")

            sprout.moveClock(to: start.addingTimeInterval(7 * 86_400 - 23 * 3600))
            let late = try await sprout.lessonsAPI(.POST, "bookings/\(booking.bookingID)/move", as: lee, json: Lessons.SlotChoice(slotID: slots[3].slotID))
            #expect(late.status.code == 409, "23 hours before: too late to move")
            #expect((try late.jsonObject()["reason"] as? String)?.contains("24 hours") == true, "\(late.body.string)")
            let unchanged = try await sprout.enrolment(lees.enrolmentID, as: lee)
            let stays = try unchanged.booking(booking.bookingID)
            #expect(stays.slotID == slots[1].slotID && stays.state == .booked)
            #expect(try await sprout.slots(of: lesson.postID, as: lee)[slots[3].slotID]?.available == true)
        }
    }

    // MARK: - Reminders

    @Test func remindersComeTheDayBeforeAndTheHourBeforeOnceEach() async throws {
        try await withBookingSprout { sprout in
            try await stopReminderService(sprout)
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher, price: 50_000)
            let start = sprout.clock.now.addingTimeInterval(3 * 86_400)
            let slot = try #require(try await sprout.openSlots(lesson.postID, as: teacher, at: start).first)
            let (enrolment, _) = try await sprout.enrol(student, in: lesson)
            _ = try await sprout.booked(enrolment.enrolmentID, slot.slotID, as: student)
            let reminders = SessionReminders(notifications: sprout.platform.notifications, clock: sprout.clock.clock)
            let db = sprout.app.db

            #expect(try await reminders.sendDue(on: db) == 0)
            sprout.moveClock(to: start.addingTimeInterval(-86_400 - 1))
            #expect(try await reminders.sendDue(on: db) == 0, "a second before the day-before reminder's time")
            sprout.moveClock(to: start.addingTimeInterval(-86_400))
            #expect(try await sendDueOnTwoInstances(sprout) == 1, "two instances at once send it once")
            #expect(try await reminders.sendDue(on: db) == 0)
            #expect(try await sprout.notified(student, of: .lessonReminder).map(\.text).allSatisfy { $0.hasPrefix("내일 ") })
            #expect(try await sprout.notified(student, of: .lessonReminder).count == 1)

            sprout.moveClock(to: start.addingTimeInterval(-3600 - 1))
            #expect(try await reminders.sendDue(on: db) == 0)
            sprout.moveClock(to: start.addingTimeInterval(-3600))
            #expect(try await sendDueOnTwoInstances(sprout) == 1)
            #expect(try await sendDueOnTwoInstances(sprout) == 0, "and never again")
            sprout.moveClock(to: start.addingTimeInterval(2 * 3600))
            #expect(try await reminders.sendDue(on: db) == 0)

            let when = SeoulTime.spoken(start).ko
            for person in [student, teacher] {
                let told = try await sprout.notified(person, of: .lessonReminder)
                #expect(told.count == 2, "\(person.nick): \(told.map(\.text))")
                #expect(told.first?.text.hasPrefix("1시간 뒤") == true && told.last?.text.hasPrefix("내일 ") == true, "\(person.nick): \(told.map(\.text))")
                #expect(told.allSatisfy { $0.text.contains(lesson.title) && $0.text.contains(when) && $0.app == "lessons" })
                #expect(told.allSatisfy { $0.link.contains(enrolment.enrolmentID) }, "each opens the enrolment")
            }
        }
    }

    @Test func aSessionBookedAfterAReminderTimeSkipsThatReminder() async throws {
        try await withBookingSprout { sprout in
            try await stopReminderService(sprout)
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.describedLesson(by: teacher, price: 50_000, .init(sessions: 2, minutesPerSession: 60, format: .online))
            let now = sprout.clock.now
            let soon = try #require(try await sprout.openSlots(lesson.postID, as: teacher, at: now.addingTimeInterval(2 * 3600)).first)
            let later = now.addingTimeInterval(3.5 * 3600)
            let last = try #require(try await sprout.openSlots(lesson.postID, as: teacher, at: later).first)
            let (enrolment, _) = try await sprout.enrol(student, in: lesson)
            let reminders = SessionReminders(notifications: sprout.platform.notifications, clock: sprout.clock.clock)
            let db = sprout.app.db

            _ = try await sprout.booked(enrolment.enrolmentID, soon.slotID, as: student)
            #expect(try await reminders.sendDue(on: db) == 0, "booked two hours ahead: the day-before reminder's time had passed")
            sprout.moveClock(to: now.addingTimeInterval(3600))
            #expect(try await reminders.sendDue(on: db) == 1, "the hour-before one still comes")

            sprout.moveClock(to: now.addingTimeInterval(3 * 3600 + 5 * 60))
            _ = try await sprout.booked(enrolment.enrolmentID, last.slotID, as: student)
            #expect(try await reminders.sendDue(on: db) == 0, "booked 25 minutes ahead: neither reminder")
            sprout.moveClock(to: later.addingTimeInterval(-60))
            #expect(try await reminders.sendDue(on: db) == 0)

            for person in [student, teacher] {
                let told = try await sprout.notified(person, of: .lessonReminder)
                #expect(told.count == 1 && told.first?.text.hasPrefix("1시간 뒤") == true, "\(person.nick): \(told.map(\.text))")
                #expect(told.first?.text.contains(SeoulTime.spoken(now.addingTimeInterval(2 * 3600)).ko) == true)
            }
        }
    }

    /// Stops the app's own reminder service (it looks once at start, and its first look could come
    /// late on a busy machine): from here on only the test sends reminders, at the times it sets.
    private func stopReminderService(_ sprout: TestSprout) async throws {
        let lessons = try #require(sprout.running.modules.compactMap { $0 as? LessonsModule }.first)
        await lessons.reminders.stop()
    }

    /// Two instances polling the same database at the same moment: how many sessions they reminded together.
    private func sendDueOnTwoInstances(_ sprout: TestSprout) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    try await SessionReminders(notifications: sprout.platform.notifications, clock: sprout.clock.clock).sendDue(on: sprout.app.db)
                }
            }
            return try await group.reduce(0, +)
        }
    }
}
