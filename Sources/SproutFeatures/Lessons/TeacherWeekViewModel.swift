import Foundation
import Observation
import SproutAPI
import SproutKit

/// A teacher's week of open times for one lesson (the web's "내 시간표"): Monday to Sunday in
/// Seoul, where the lessons happen, a week back or forward, opening a time once or weekly, and
/// closing one nobody booked. A refusal shows the server's reason: an overlap with another of
/// the teacher's times, a time already past, a slot booked meanwhile.
@MainActor @Observable
public final class TeacherWeekViewModel {
    /// One day of the week with its slots, earliest first.
    public struct Day: Sendable, Equatable, Identifiable {
        /// Its midnight in Seoul.
        public var start: Date
        public var weekday: SeoulCalendar.Weekday
        /// Booked ones too, with `available` false: only the others can be closed.
        public var slots: [Lessons.Slot]

        public var id: Date { start }
    }

    /// What "시간 열기" sends: a day and a time of day in Seoul, and for how many weeks.
    public struct OpenDraft: Sendable, Equatable {
        /// The day, as its midnight in Seoul.
        public var day: Date
        /// Minutes after midnight in Seoul (19:00 is 1140); nil until a time is chosen.
        public var minuteOfDay: Int?
        /// 1 opens the time once; more open it on as many weeks in a row.
        public var repeatWeeks = 1

        /// When the first session would start, once a time is chosen.
        public var startsAt: Date? { minuteOfDay.map { day.addingTimeInterval(TimeInterval($0) * 60) } }
    }

    /// The weeks one request may open, as the server allows.
    public static let repeatWeeksRange = 1...12

    // MARK: Outputs
    /// Midnight in Seoul of the shown week's Monday.
    public private(set) var monday: Date
    /// Monday to Sunday of the shown week.
    public private(set) var days: [Day]
    public private(set) var draft: OpenDraft
    public private(set) var isLoading = false
    public private(set) var isOpening = false
    /// The slot being closed.
    public private(set) var closingSlotID: String?
    /// How many times the last request opened.
    public private(set) var notice: String?
    /// Why the week could not be read, or the server's reason for refusing to open or close a time.
    public private(set) var alert: String?

    public var isOpenEnabled: Bool { draft.startsAt != nil && !isOpening }

    let booking: any LessonBookingService
    let postID: String
    private var generation = 0

    /// Shows the week of `clock.now`; the form starts on that day.
    public init(booking: any LessonBookingService, postID: String, clock: any FeatureClock = SystemFeatureClock()) {
        let now = clock.now
        let monday = SeoulCalendar.monday(of: now)
        self.booking = booking
        self.postID = postID
        self.monday = monday
        days = TeacherWeekViewModel.days(from: monday, slots: [])
        draft = OpenDraft(day: SeoulCalendar.startOfDay(now))
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        await load()
    }

    public func previousWeekTapped() async {
        await show(weekOf: monday.addingTimeInterval(-SeoulCalendar.weekLength))
    }

    public func nextWeekTapped() async {
        await show(weekOf: monday.addingTimeInterval(SeoulCalendar.weekLength))
    }

    /// The date picker's value, read as the day it is in Seoul.
    public func openDateChanged(_ date: Date) {
        draft.day = SeoulCalendar.startOfDay(date)
    }

    /// The time picker's value, in Seoul.
    public func openTimeChanged(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return }
        draft.minuteOfDay = hour * 60 + minute
    }

    public func repeatWeeksChanged(_ weeks: Int) {
        draft.repeatWeeks = min(max(weeks, Self.repeatWeeksRange.lowerBound), Self.repeatWeeksRange.upperBound)
    }

    /// Opens the drafted time (for as many weeks as asked) and shows the week it starts in. A
    /// refused draft stays, for the teacher to change.
    public func openTapped() async {
        guard let startsAt = draft.startsAt, !isOpening else { return }
        isOpening = true
        defer { isOpening = false }
        let opened: [Lessons.Slot]
        do {
            opened = try await booking.openSlots(postID: postID, startsAt: startsAt, minutes: nil, repeatWeeks: draft.repeatWeeks)
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "열 수 없는 시간이에요.")
            return
        }
        notice = "시간 \(opened.count)개를 열었어요."
        draft = OpenDraft(day: draft.day)
        await show(weekOf: startsAt)
    }

    /// Closes an open slot; the week is read again either way, since a refusal (409) means
    /// someone booked it meanwhile.
    public func closeTapped(_ slot: Lessons.Slot) async {
        guard slot.available, closingSlotID == nil else { return }
        closingSlotID = slot.slotID
        defer { closingSlotID = nil }
        do {
            _ = try await booking.closeSlot(slot.slotID)
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "시간을 닫지 못했어요.")
        }
        await load()
    }

    public func noticeShown() { notice = nil }
    public func alertDismissed() { alert = nil }

    // MARK: Reading the week

    private func show(weekOf date: Date) async {
        let monday = SeoulCalendar.monday(of: date)
        if monday != self.monday {
            self.monday = monday
            days = Self.days(from: monday, slots: [])
        }
        await load()
    }

    /// Reads the shown week; an answer for a week shown before arrives too late and is dropped.
    private func load() async {
        generation += 1
        let asked = generation
        let monday = self.monday
        isLoading = true
        defer { if asked == generation { isLoading = false } }
        do {
            let slots = try await booking.slots(postID: postID, from: monday, to: monday.addingTimeInterval(SeoulCalendar.weekLength))
            guard asked == generation else { return }
            days = Self.days(from: monday, slots: slots)
        } catch {
            guard asked == generation else { return }
            alert = LessonsAlert.message(for: error, fallback: "시간표를 불러오지 못했어요.")
        }
    }

    /// Each slot on the Seoul day it starts: 2026-12-01T15:30:00Z is Wednesday 00:30.
    static func days(from monday: Date, slots: [Lessons.Slot]) -> [Day] {
        let byDay = Dictionary(grouping: slots) { slot in BookingTime.date(slot.startsAt).map(SeoulCalendar.startOfDay) }
        return SeoulCalendar.Weekday.allCases.map { weekday in
            let start = monday.addingTimeInterval(TimeInterval(weekday.rawValue) * SeoulCalendar.dayLength)
            return Day(start: start, weekday: weekday, slots: byDay[start] ?? [])
        }
    }
}
