import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct TeacherWeekViewModelTests {
    /// Tuesday 1 December 2026, noon in Seoul.
    static let now = FakeLessonBooking.time("2026-12-01T03:00:00Z")

    func time(_ wire: String) -> Date { FakeLessonBooking.time(wire) }
    func slot(_ id: String, at startsAt: String, available: Bool = true) -> Lessons.Slot { FakeLessonBooking.slot(id, at: startsAt, available: available) }

    func opened(_ slots: [Lessons.Slot] = []) async -> (TeacherWeekViewModel, FakeLessonBooking) {
        let server = FakeLessonBooking(slots: slots)
        let model = TeacherWeekViewModel(booking: server, postID: "p1", clock: TestClock(now: Self.now))
        await model.viewDidAppear()
        await server.forgetCalls()
        return (model, server)
    }

    @Test func theWeekRunsMondayToSundayInSeoulAcrossItsMidnight() async {
        let server = FakeLessonBooking(slots: [
            slot("mon", at: "2026-11-29T15:00:00Z"),  // Monday 00:00 in Seoul
            slot("tue", at: "2026-12-01T14:30:00Z"),  // Tuesday 23:30
            slot("wed", at: "2026-12-01T15:30:00Z", available: false),  // Wednesday 00:30, booked
            slot("sun", at: "2026-12-06T14:00:00Z"),  // Sunday 23:00
            slot("next", at: "2026-12-06T15:00:00Z"),  // next Monday 00:00
        ])
        let model = TeacherWeekViewModel(booking: server, postID: "p1", clock: TestClock(now: Self.now))
        #expect(model.monday == time("2026-11-29T15:00:00Z") && model.days.allSatisfy(\.slots.isEmpty), "the week's days before it is read")
        await model.viewDidAppear()
        #expect(await server.calls == ["slots(p1,2026-11-29T15:00:00Z,2026-12-06T15:00:00Z)"])
        #expect(model.days.map(\.weekday) == SeoulCalendar.Weekday.allCases)
        #expect(model.days.map { $0.slots.map(\.slotID) } == [["mon"], ["tue"], ["wed"], [], [], [], ["sun"]])
        #expect(model.days[2].start == time("2026-12-01T15:00:00Z"), "Wednesday starts at 15:00 UTC the day before")
        #expect(model.days[2].slots.first?.available == false, "the teacher sees booked times too")
        #expect(!model.isLoading && model.alert == nil)
    }

    @Test func previousAndNextWeekReadTheirOwnSevenDays() async {
        let (model, server) = await opened([slot("later", at: "2026-12-07T10:00:00Z")])
        await model.nextWeekTapped()
        #expect(model.monday == time("2026-12-06T15:00:00Z"))
        #expect(model.days[0].slots.map(\.slotID) == ["later"], "Monday 7 December, 19:00")
        await model.previousWeekTapped()
        await model.previousWeekTapped()
        #expect(model.monday == time("2026-11-22T15:00:00Z") && model.days.allSatisfy(\.slots.isEmpty))
        #expect(await server.calls == [
            "slots(p1,2026-12-06T15:00:00Z,2026-12-13T15:00:00Z)",
            "slots(p1,2026-11-29T15:00:00Z,2026-12-06T15:00:00Z)",
            "slots(p1,2026-11-22T15:00:00Z,2026-11-29T15:00:00Z)",
        ])
    }

    @Test func openingSendsTheSeoulDayAndTimeAndShowsItsWeek() async {
        let (model, server) = await opened()
        #expect(!model.isOpenEnabled, "no time chosen yet")
        model.openDateChanged(time("2026-12-08T03:00:00Z"))  // Tuesday 8 December, noon in Seoul
        model.openTimeChanged(hour: 0, minute: 30)
        model.repeatWeeksChanged(3)
        #expect(model.isOpenEnabled && model.draft.startsAt == time("2026-12-07T15:30:00Z"))
        await model.openTapped()
        #expect(await server.calls == ["openSlots(p1,2026-12-07T15:30:00Z,3)", "slots(p1,2026-12-06T15:00:00Z,2026-12-13T15:00:00Z)"])
        #expect(await server.openTimes.count == 3)
        #expect(model.notice == "시간 3개를 열었어요.")
        #expect(model.monday == time("2026-12-06T15:00:00Z"))
        #expect(model.days[1].slots.map(\.startsAt) == ["2026-12-07T15:30:00Z"])
        #expect(model.draft.startsAt == nil && model.draft.repeatWeeks == 1, "the form starts over")
        model.noticeShown()
        #expect(model.notice == nil)
    }

    @Test func repeatsStayWithinWhatTheServerAllowsAndATimeMustBeOne() async {
        let (model, _) = await opened()
        model.repeatWeeksChanged(20)
        #expect(model.draft.repeatWeeks == 12)
        model.repeatWeeksChanged(0)
        #expect(model.draft.repeatWeeks == 1)
        model.openTimeChanged(hour: 24, minute: 0)
        #expect(model.draft.startsAt == nil)
    }

    @Test func anOverlapShowsTheServersReasonAndKeepsTheDraft() async {
        let (model, server) = await opened([slot("s1", at: "2026-12-02T10:00:00Z")])  // Wednesday 19:00 to 20:00
        model.openDateChanged(time("2026-12-02T10:00:00Z"))
        model.openTimeChanged(hour: 19, minute: 30)
        await model.openTapped()
        #expect(model.alert == "You have a slot at an overlapping time.")
        #expect(model.draft.startsAt == time("2026-12-02T10:30:00Z") && model.notice == nil && !model.isOpening)
        #expect(await server.calls == ["openSlots(p1,2026-12-02T10:30:00Z,1)"])
        model.alertDismissed()
        #expect(model.alert == nil)
    }

    @Test func onlyAnOpenSlotClosesAndOneBookedMeanwhileSaysWhy() async {
        let (model, server) = await opened([
            slot("wed", at: "2026-12-02T10:00:00Z"), slot("thu", at: "2026-12-03T10:00:00Z", available: false), slot("fri", at: "2026-12-04T10:00:00Z"),
        ])
        await model.closeTapped(model.days[3].slots[0])
        #expect(await server.calls.isEmpty, "a booked time is not sent")

        await model.closeTapped(model.days[4].slots[0])
        #expect(await server.calls == ["closeSlot(fri)", "slots(p1,2026-11-29T15:00:00Z,2026-12-06T15:00:00Z)"])
        #expect(model.days[4].slots.isEmpty && model.closingSlotID == nil)

        let wednesday = model.days[2].slots[0]
        await server.markBooked("wed")
        await model.closeTapped(wednesday)
        #expect(model.alert == "The slot is booked: cancel the booking first.")
        #expect(model.days[2].slots.first?.available == false, "the week is read again")
    }

    @Test func aWeekThatCannotBeReadSaysSo() async {
        let server = FakeLessonBooking()
        await server.fail("slots", with: .transport("offline"))
        let model = TeacherWeekViewModel(booking: server, postID: "p1", clock: TestClock(now: Self.now))
        await model.viewDidAppear()
        #expect(model.alert == "통신 오류가 발생했어요. 다시 시도해 주세요." && !model.isLoading)
        #expect(model.days.count == 7 && model.days.allSatisfy(\.slots.isEmpty))
    }
}
