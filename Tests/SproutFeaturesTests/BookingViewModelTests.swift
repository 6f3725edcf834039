import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct BookingViewModelTests {
    /// Tuesday 1 December 2026, noon in Seoul.
    static let now = FakeLessonBooking.time("2026-12-01T03:00:00Z")
    /// Thursday 19:00, 55 hours ahead: inside the free window of 24 hours.
    static let thursday = FakeLessonBooking.slot("thu", at: "2026-12-03T10:00:00Z", available: false)
    /// Tuesday 19:00, 7 hours ahead: too late to cancel free.
    static let tonight = FakeLessonBooking.slot("tonight", at: "2026-12-01T10:00:00Z", available: false)
    static let friday = FakeLessonBooking.slot("fri", at: "2026-12-04T10:00:00Z")
    /// 29 days ahead: beyond the four weeks shown.
    static let nextMonth = FakeLessonBooking.slot("later", at: "2026-12-30T10:00:00Z")
    static let slotsAsked = "slots(p1,2026-12-01T03:00:00Z,2026-12-29T03:00:00Z)"

    static func enrolment(role: String = "student", terms: Lessons.Terms = FakeLessonBooking.terms()) -> Lessons.Enrolment {
        FakeLessonBooking.paidEnrolment(role: role, remaining: 2, refundQuote: 90_000, terms: terms, bookings: [
            FakeLessonBooking.booking("b-thu", in: thursday), FakeLessonBooking.booking("b-tonight", in: tonight),
        ])
    }

    func opened(_ enrolment: Lessons.Enrolment = BookingViewModelTests.enrolment()) async -> (BookingViewModel, FakeLessonBooking) {
        let server = FakeLessonBooking(slots: [Self.tonight, Self.thursday, Self.friday, Self.nextMonth], enrolments: [enrolment])
        let model = BookingViewModel(booking: server, enrolmentID: "e1", clock: TestClock(now: Self.now))
        await model.viewDidAppear()
        await server.forgetCalls()
        return (model, server)
    }

    func session(_ model: BookingViewModel, _ id: String) -> Lessons.Booking? {
        model.enrolment?.bookings.first { $0.bookingID == id }
    }

    @Test func appearingReadsTheEnrolmentAndTheNextFourWeeksOpenTimes() async {
        let server = FakeLessonBooking(slots: [Self.tonight, Self.thursday, Self.friday, Self.nextMonth], enrolments: [Self.enrolment()])
        let model = BookingViewModel(booking: server, enrolmentID: "e1", clock: TestClock(now: Self.now))
        await model.viewDidAppear()
        #expect(await server.calls == ["enrolment(e1)", Self.slotsAsked])
        #expect(model.enrolment?.remaining == 2 && model.isStudent && model.isActive && !model.isLoading)
        #expect(model.openSlots.map(\.slotID) == ["fri"], "booked times and those past four weeks are left out")
        #expect(model.mayBook)
    }

    @Test func bookingASlotShowsTheEnrolmentTheServerAnswers() async {
        let (model, server) = await opened()
        await model.bookTapped(Self.friday)
        #expect(await server.calls == ["book(e1,fri)", Self.slotsAsked])
        #expect(model.enrolment?.remaining == 1 && model.enrolment?.bookings.count == 3)
        #expect(model.openSlots.isEmpty && !model.mayBook && !model.isChanging)
    }

    @Test func aSlotBookedMeanwhileShowsTheServersReasonAndReadsAgain() async {
        let (model, server) = await opened()
        await server.markBooked("fri")
        await model.bookTapped(Self.friday)
        #expect(model.alert == "Someone booked this slot already.")
        #expect(await server.calls == ["book(e1,fri)", "enrolment(e1)", Self.slotsAsked])
        #expect(model.openSlots.isEmpty && model.enrolment?.remaining == 2)
    }

    @Test func cancellingInTheFreeWindowSaysTheSessionReturnsThenCancels() async throws {
        let (model, server) = await opened()
        let thursday = try #require(session(model, "b-thu"))
        model.cancelTapped(thursday)
        #expect(model.cancelConfirmation?.sessionReturns == true)
        #expect(model.cancelConfirmation?.message == "지금 취소하면 회차가 돌아와요.")
        #expect(await server.calls.isEmpty, "nothing is cancelled before the yes")
        await model.cancelConfirmed()
        #expect(await server.calls == ["cancel(b-thu)", Self.slotsAsked])
        #expect(session(model, "b-thu")?.state == .cancelled && model.enrolment?.remaining == 3 && model.cancelConfirmation == nil)
        #expect(model.openSlots.map(\.slotID) == ["thu", "fri"])
    }

    @Test func aLateCancelSaysTheSessionIsUsedUnlessTheTermsReturnIt() async throws {
        let (model, server) = await opened()
        model.cancelTapped(try #require(session(model, "b-tonight")))
        #expect(model.cancelConfirmation?.sessionReturns == false)
        #expect(model.cancelConfirmation?.message == "수업 24시간 전이 지나서, 지금 취소하면 회차를 사용한 것으로 쳐요.")
        model.cancelDismissed()
        await model.cancelConfirmed()
        #expect(model.cancelConfirmation == nil)
        #expect(await server.calls.isEmpty, "a dismissed cancel is not sent")

        let (lenient, _) = await opened(Self.enrolment(terms: FakeLessonBooking.terms(lateCancellation: .sessionReturned)))
        lenient.cancelTapped(try #require(session(lenient, "b-tonight")))
        #expect(lenient.cancelConfirmation?.sessionReturns == true)
    }

    @Test func theTeachersCancelAlwaysReturnsTheSession() async throws {
        let (model, server) = await opened(Self.enrolment(role: "teacher"))
        #expect(!model.isStudent && model.openSlots.isEmpty && !model.mayBook)
        model.cancelTapped(try #require(session(model, "b-tonight")))
        #expect(model.cancelConfirmation?.sessionReturns == true)
        #expect(model.cancelConfirmation?.message == "취소하면 회차가 수강생에게 돌아가요.")
        await model.cancelConfirmed()
        #expect(await server.calls == ["cancel(b-tonight)"], "a teacher books nothing, so reads no open times")
    }

    @Test func aSessionMovesOnlyInTheFreeWindow() async throws {
        let (model, server) = await opened()
        let tonight = try #require(session(model, "b-tonight")), thursday = try #require(session(model, "b-thu"))
        #expect(!model.mayMove(tonight) && model.mayMove(thursday))
        await model.moveTapped(tonight, to: Self.friday)
        #expect(await server.calls.isEmpty)
        await model.moveTapped(thursday, to: Self.friday)
        #expect(await server.calls == ["move(b-thu,fri)", Self.slotsAsked])
        #expect(session(model, "b-thu")?.startsAt == Self.friday.startsAt)
        #expect(model.openSlots.map(\.slotID) == ["thu"])
    }

    @Test func endingShowsTheRefundBeforeAskingForIt() async {
        let (model, server) = await opened()
        await model.endTapped()
        #expect(model.refundToConfirm == 90_000)
        #expect(await server.calls == ["enrolment(e1)"], "the quote is read again, and nothing refunded yet")
        model.refundDismissed()
        #expect(model.refundToConfirm == nil)

        await model.endTapped()
        await model.refundConfirmed()
        #expect(await server.calls.suffix(2) == ["enrolment(e1)", "refund(e1)"], "an ended enrolment books nothing")
        #expect(model.enrolment?.state == .refunded && model.enrolment?.refundedAmount == 90_000)
        #expect(!model.isActive && model.openSlots.isEmpty && model.refundToConfirm == nil)
        await model.endTapped()
        #expect(model.refundToConfirm == nil, "an ended enrolment is not ended again")
    }

    @Test func aRefundTheGatewayRefusedSaysWhyAndKeepsTheEnrolment() async {
        let (model, server) = await opened()
        let reason = "The payment gateway did not refund; nothing changed. Try again later."
        await server.fail("refund", with: .http(status: 502, code: .serverError, message: reason))
        await model.endTapped()
        await model.refundConfirmed()
        #expect(model.alert == reason)
        #expect(await server.calls == ["enrolment(e1)", "refund(e1)", "enrolment(e1)", Self.slotsAsked])
        #expect(model.isActive && model.openSlots.map(\.slotID) == ["fri"])
    }
}
