import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// `/lessons/me/schedule`: the teacher's week of open times, opening more and closing one, by
/// the same rules as `/api/lessons/{post_id}/slots`.
struct SchedulePages: Sendable {
    let openTimes: OpenTimes
    let clock: WallClock

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.schedule, use: week)
        pages.post(LessonsPaths.slots, use: open)
        pages.post(LessonsPaths.closeSlot, use: close)
    }

    func week(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req)
        return try await render(req, visitor, monday: monday(try req.queryFields(ScheduleWeek.self).week), draft: .init())
    }

    func open(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req, next: LessonsPaths.schedule.link)
        var draft = ScheduleViews.OpenDraft(postID: req.formField("post_id"), date: req.formField("date"), time: req.formField("time"),
                                            repeatWeeks: req.formField("repeat_weeks"))
        let context = visitor.context
        let startsAt = draft.date + "T" + draft.time
        let weeks = Int(draft.repeatWeeks.trimmingCharacters(in: .whitespaces))
        guard let weeks else {
            draft.error = context.pick(ko: "반복할 주 수를 숫자로 적어 주세요.", en: "Enter the number of weeks.")
            return try await render(req, visitor, monday: monday(draft.date), draft: draft, status: .badRequest)
        }
        do {
            let opened = try await openTimes.open(draft.postID, by: visitor.accountID, .init(startsAt: startsAt, repeatWeeks: weeks), on: req.db)
            let first = opened.first.map(\.startsAt) ?? clock.now()
            return req.redirect(to: LessonsPaths.schedule.link(query: ScheduleWeek(week: SeoulTime.isoDay(first), opened: opened.count)), redirectType: .normal)
        } catch let error as BookingError {
            draft.error = Self.refusal(error, context)
            let status: HTTPResponseStatus = error == .overlapsAnotherSlot ? .conflict : error == .notFound || error == .notTheTeacher ? .notFound : .badRequest
            return try await render(req, visitor, monday: monday(draft.date), draft: draft, status: status)
        }
    }

    func close(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req, next: LessonsPaths.schedule.link)
        let slot = try await openTimes.close(LessonsPaths.closeSlot.parameters(in: req) ?? "", by: visitor.accountID, on: req.db)
        return req.redirect(to: LessonsPaths.schedule.link(query: ScheduleWeek(week: SeoulTime.isoDay(slot.startsAt))), redirectType: .normal)
    }

    private func render(_ req: Request, _ visitor: LessonsVisitor, monday: Date, draft: ScheduleViews.OpenDraft,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let slots = try await openTimes.schedule(of: visitor.accountID, from: monday, to: monday.addingTimeInterval(7 * 86_400), on: req.db)
        let lessons = try await openTimes.lessons(of: visitor.accountID, on: req.db)
        let opened = try req.queryFields(ScheduleWeek.self).opened
        let notice = opened.map { visitor.context.pick(ko: "시간 \($0)개를 열었어요.", en: "Opened \($0) time\($0 == 1 ? "" : "s").") }
        return ScheduleViews.week(visitor.context, monday: monday, slots: slots, lessons: lessons, draft: draft, notice: notice, status: status)
    }

    /// The Monday of the week a `2026-12-01` falls in; this week's for anything else.
    private func monday(_ day: String?) -> Date {
        SeoulTime.mondayOfWeek(containing: day.flatMap { SeoulTime.parse($0, dateOnly: true) } ?? clock.now())
    }

    static func refusal(_ error: BookingError, _ context: PageContext) -> String {
        switch error {
        case .slotInThePast: context.pick(ko: "이미 지난 시간이에요.", en: "That time has passed.")
        case .overlapsAnotherSlot: context.pick(ko: "이미 열어 둔 시간과 겹쳐요.", en: "It overlaps a time you already opened.")
        case .invalidTime: context.pick(ko: "날짜와 시각을 확인해 주세요 (반복은 1~12주).", en: "Check the date and time (repeat 1–12 weeks).")
        default: context.pick(ko: "열 수 없는 시간이에요.", en: "This time cannot be opened.")
        }
    }
}
