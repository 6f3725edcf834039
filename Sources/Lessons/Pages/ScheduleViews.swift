import Foundation
import Platform
import PlatformCore
import Plot
import SproutAPI
import Vapor

/// The teacher's week of open times (Monday to Sunday in Seoul): each day's slots with the
/// student who booked one, the form that opens more, and a way to close an open one. One column
/// on a phone, seven on a desktop.
enum ScheduleViews {
    struct OpenDraft {
        var postID = "", date = "", time = "", repeatWeeks = "1"
        var error: String?
    }

    static func week(_ context: PageContext, monday: Date, slots: [OpenTimes.Scheduled], lessons: [(postID: String, title: String)],
                     draft: OpenDraft, notice: String? = nil, status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "레슨 시간표", en: "My teaching week")
        let days = (0..<7).map { monday.addingTimeInterval(TimeInterval($0) * 86_400) }
        let week = { (date: Date) in LessonsPaths.schedule.link(query: ScheduleWeek(week: SeoulTime.isoDay(date))) }
        return LessonsViews.page(title: title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .unwrap(notice) { LessonsViews.notice($0, id: "schedule-notice") },
            .nav(.class("week-nav"), .attribute(named: "aria-label", value: context.pick(ko: "주 바꾸기", en: "Change week")),
                 .a(.id("previous-week"), .class("button secondary small"), .href(week(monday.addingTimeInterval(-7 * 86_400))), .text(context.pick(ko: "← 지난주", en: "← Previous"))),
                 .strong(.id("week-label"), .text(label(days[0], context) + " – " + label(days[6], context))),
                 .a(.id("next-week"), .class("button secondary small"), .href(week(monday.addingTimeInterval(7 * 86_400))), .text(context.pick(ko: "다음 주 →", en: "Next →")))),
            .p(.class("hint"), .text(context.pick(ko: "시간은 한국 시간(KST)이에요.", en: "Times are Korean time (KST)."))),
            .div(.class("week-grid"), .id("week"), .forEach(days) { day in
                let today = slots.filter { $0.slot.startsAt >= day && $0.slot.startsAt < day.addingTimeInterval(86_400) }
                return .section(
                    .class("week-day"), .data(named: "day", value: SeoulTime.isoDay(day)),
                    .h2(.text(label(day, context))),
                    .if(today.isEmpty, .p(.class("hint"), .text(context.pick(ko: "열린 시간 없음", en: "Nothing open")))),
                    .ul(.class("slot-list"), .forEach(today) { slot($0, context) })
                )
            }),
            openForm(context, lessons: lessons, draft: draft)
        ))
    }

    private static func label(_ day: Date, _ context: PageContext) -> String {
        let name = SeoulTime.dayName(day)
        return context.pick(ko: name.ko, en: name.en)
    }

    private static func slot(_ scheduled: OpenTimes.Scheduled, _ context: PageContext) -> Node<HTML.ListContext> {
        let slot = scheduled.slot
        let id = slot.id ?? ""
        return .li(
            .class(scheduled.enrolmentID == nil ? "slot open" : "slot booked"), .id("slot-\(id)"), .data(named: "id", value: id),
            LessonTimes.range(slot.startsAt, slot.endsAt),
            .span(.class("slot-lesson"), .text(scheduled.title)),
            .unwrap(scheduled.enrolmentID) { enrolment in
                .a(.class("slot-student"), .href(LessonsPaths.enrolment.link(enrolment)),
                   .text(context.pick(ko: "예약: ", en: "Booked: ") + (scheduled.student ?? "")))
            },
            .if(scheduled.enrolmentID == nil, .form(
                .class("inline-actions"), .action(path: LessonsPaths.closeSlot.link(id)), .method(.post),
                PageLayout.csrfField(context),
                .button(.type(.submit), .class("secondary small close-slot"), .text(context.pick(ko: "닫기", en: "Close")))
            ))
        )
    }

    private static func openForm(_ context: PageContext, lessons: [(postID: String, title: String)], draft: OpenDraft) -> Node<HTML.BodyContext> {
        guard !lessons.isEmpty else {
            return .p(.class("hint"), .id("no-lessons"), .text(context.pick(ko: "먼저 레슨을 개설해 주세요.", en: "Open a lesson first.")),
                      .text(" "), .a(.href(LessonsPaths.open.link), .text(context.pick(ko: "레슨 개설하기", en: "Open a lesson"))))
        }
        return .section(
            .class("card"), .id("open-slots"),
            .h2(.text(context.pick(ko: "시간 열기", en: "Open times"))),
            .form(
                .id("open-slots-form"), .class("stacked"), .action(path: LessonsPaths.slots.link), .method(.post),
                PageLayout.csrfField(context),
                FormWidgets.select("post_id", label: context.pick(ko: "레슨", en: "Lesson"), prompt: context.pick(ko: "레슨 고르기", en: "Choose a lesson"),
                                   options: lessons.map { (value: $0.postID, label: $0.title) }, selected: draft.postID.isEmpty ? lessons[0].postID : draft.postID,
                                   error: nil),
                FormWidgets.text("date", label: context.pick(ko: "날짜", en: "Date"), value: draft.date, error: nil, type: .date, required: true),
                FormWidgets.text("time", label: context.pick(ko: "시작 시각 (KST)", en: "Start (KST)"), value: draft.time, error: nil, type: .time, required: true),
                FormWidgets.text("repeat_weeks", label: context.pick(ko: "매주 반복 (주)", en: "Repeat weekly (weeks)"), value: draft.repeatWeeks, error: draft.error,
                                 type: .number, inputMode: "numeric", required: true),
                .button(.id("open-slots-submit"), .type(.submit), .text(context.pick(ko: "시간 열기", en: "Open")))
            )
        )
    }
}

/// A session's time on a page: the Seoul time, with the UTC instant a script shows in the
/// viewer's own zone when it is not Korea's (lessons.js).
enum LessonTimes {
    static func range<Context: HTML.BodyContext>(_ start: Date, _ end: Date) -> Node<Context> {
        .element(named: "time", nodes: [
            .class("session-time"), .attribute(named: "datetime", value: SeoulTime.wire(start)),
            .data(named: "ends", value: SeoulTime.wire(end)),
            .text(SeoulTime.clock(start) + "–" + SeoulTime.clock(end)),
        ])
    }

    static func spoken<Context: HTML.BodyContext>(_ start: Date, _ context: PageContext) -> Node<Context> {
        let words = SeoulTime.spoken(start)
        return .element(named: "time", nodes: [
            .class("session-when"), .attribute(named: "datetime", value: SeoulTime.wire(start)), .text(context.pick(ko: words.ko, en: words.en)),
        ])
    }
}
