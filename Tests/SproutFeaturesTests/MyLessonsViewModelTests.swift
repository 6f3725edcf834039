import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct MyLessonsViewModelTests {
    static let enrolments = [
        FakeLessonBooking.paidEnrolment("e3"), FakeLessonBooking.paidEnrolment("e2", role: "teacher"), FakeLessonBooking.paidEnrolment("e1"),
    ]

    func opened() async -> (MyLessonsViewModel, FakeLessonBooking) {
        let server = FakeLessonBooking(enrolments: Self.enrolments)
        let model = MyLessonsViewModel(booking: server)
        await model.viewWillAppear()
        await server.forgetCalls()
        return (model, server)
    }

    @Test func myEnrolmentsAreSplitByMyPartAndTheCalendarFeedShown() async {
        let server = FakeLessonBooking(enrolments: Self.enrolments)
        let model = MyLessonsViewModel(booking: server)
        await model.viewWillAppear()
        #expect(await server.calls == ["enrolments", "calendarFeed"])
        #expect(model.asStudent.map(\.enrolmentID) == ["e3", "e1"] && model.asTeacher.map(\.enrolmentID) == ["e2"])
        #expect(model.calendar == FakeLessonBooking.location("first"))
        #expect(model.calendarSubscriptionURL == URL(string: "webcal://sprout.test/api/calendar/first.ics"))
        #expect(!model.isLoading && model.alert == nil)
    }

    @Test func aTappedEnrolmentOpens() async {
        let (model, _) = await opened()
        model.enrolmentTapped(model.asTeacher[0])
        #expect(model.route == .enrolment(id: "e2"))
        model.routeHandled()
        #expect(model.route == nil)
    }

    @Test func aNewCalendarAddressIsMadeOnlyAfterAYes() async {
        let (model, server) = await opened()
        model.calendarResetTapped()
        #expect(model.isConfirmingCalendarReset)
        model.calendarResetDismissed()
        await model.calendarResetConfirmed()
        #expect(!model.isConfirmingCalendarReset)
        #expect(await server.calls.isEmpty, "the old address keeps working until the yes")

        model.calendarResetTapped()
        await model.calendarResetConfirmed()
        #expect(await server.calls == ["resetCalendarFeed"])
        #expect(model.calendar?.webcal == "webcal://sprout.test/api/calendar/secret1.ics")
        #expect(!model.isConfirmingCalendarReset && !model.isResettingCalendar)
    }

    @Test func aRefusedResetSaysWhyAndKeepsTheAddress() async {
        let (model, server) = await opened()
        await server.fail("resetCalendarFeed", with: .http(status: 429, code: .tooManyRequests, message: "Too many calls"))
        model.calendarResetTapped()
        await model.calendarResetConfirmed()
        #expect(model.alert == "Too many calls")
        #expect(model.calendar == FakeLessonBooking.location("first"))
    }

    @Test func aFailedLoadSaysSo() async {
        let server = FakeLessonBooking(enrolments: Self.enrolments)
        await server.fail("enrolments", with: .sessionExpired)
        let model = MyLessonsViewModel(booking: server)
        await model.viewWillAppear()
        #expect(model.alert == "로그인이 만료되었어요. 다시 로그인해 주세요." && !model.isLoading)
        #expect(model.asStudent.isEmpty && model.asTeacher.isEmpty && model.calendar == nil)
        #expect(await server.calls == ["enrolments"])
    }
}
