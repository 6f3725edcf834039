import Foundation
import Platform
import PlatformCore
import Plot
import SproutAPI
import Vapor

/// "내 수강" and one enrolment: its sessions, booking the teacher's open times, moving and
/// cancelling with what the terms say said first, ending it with the refund shown before, and the
/// calendar feed. The part both people change is `#live-section`, which a notification about
/// this page refreshes (conversations.js).
enum EnrolmentViews {
    static func list(_ context: PageContext, enrolments: [Lessons.Enrolment], calendar: CalendarFeed.Location) -> Response {
        let title = context.pick(ko: "내 수강과 레슨", en: "My enrolments")
        let asStudent = enrolments.filter { $0.role == "student" }, asTeacher = enrolments.filter { $0.role == "teacher" }
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            section(context.pick(ko: "수강 중인 레슨", en: "Lessons I take"), id: "enrolments-student", asStudent, context,
                    empty: context.pick(ko: "아직 결제한 레슨이 없어요.", en: "You have not paid for a lesson yet.")),
            section(context.pick(ko: "내 수강생", en: "My students"), id: "enrolments-teacher", asTeacher, context,
                    empty: context.pick(ko: "아직 수강생이 없어요.", en: "No students yet.")),
            .section(
                .class("card"), .id("calendar-feed"),
                .h2(.text(context.pick(ko: "캘린더 구독", en: "Calendar subscription"))),
                .p(.class("hint"), .text(context.pick(ko: "Google·Apple 캘린더에 이 주소를 구독하면 예약한 수업이 보여요. 주소를 아는 사람은 누구나 볼 수 있으니 공유하지 마세요.",
                                                     en: "Subscribe to this address in Google or Apple Calendar to see your sessions. Anyone with it can read it: keep it to yourself."))),
                .p(.input(.id("calendar-url"), .type(.text), .value(calendar.url), .attribute(named: "readonly", value: "readonly"),
                          .attribute(named: "aria-label", value: context.pick(ko: "캘린더 주소", en: "Calendar address")))),
                .div(.class("inline-actions"),
                     .a(.id("calendar-subscribe"), .class("button secondary"), .href(calendar.webcal), .text(context.pick(ko: "캘린더 앱에서 열기", en: "Open in my calendar"))),
                     .form(.action(path: LessonsPaths.calendarReset.link), .method(.post), PageLayout.csrfField(context),
                           .button(.id("calendar-reset"), .type(.submit), .class("secondary"), .text(context.pick(ko: "주소 새로 만들기", en: "Make a new address")))))
            )
        ))
    }

    private static func section(_ title: String, id: String, _ enrolments: [Lessons.Enrolment], _ context: PageContext, empty: String) -> Node<HTML.BodyContext> {
        .section(
            .h2(.text(title)),
            .if(enrolments.isEmpty, LessonsViews.emptyState(empty)),
            .ul(.id(id), .class("row-list"), .forEach(enrolments) { enrolment in
                let other = enrolment.role == "student" ? enrolment.teacher : enrolment.student
                return .li(
                    .data(named: "id", value: enrolment.enrolmentID),
                    .a(.href(LessonsPaths.enrolment.link(enrolment.enrolmentID)), .text(enrolment.title)),
                    .span(.class("hint"), .text(" · " + other.nick + " · " + progress(enrolment, context)))
                )
            })
        )
    }

    static func progress(_ enrolment: Lessons.Enrolment, _ context: PageContext) -> String {
        switch enrolment.state {
        case .refunded: context.pick(ko: "종료 (환불 \(LessonsViews.price(enrolment.refundedAmount ?? 0, context)))",
                                     en: "Ended (\(LessonsViews.price(enrolment.refundedAmount ?? 0, context)) refunded)")
        case .completed: context.pick(ko: "\(enrolment.sessions)회 모두 수강", en: "All \(enrolment.sessions) sessions taken")
        case .active: context.pick(ko: "\(enrolment.sessions)회 중 \(enrolment.used)회 수강 · 예약 가능 \(enrolment.remaining)회",
                                   en: "\(enrolment.used) of \(enrolment.sessions) taken · \(enrolment.remaining) to book")
        }
    }

    static func detail(_ context: PageContext, enrolment: Lessons.Enrolment, openSlots: [Lessons.Slot], conversation: String?,
                       notice: String? = nil, error: String? = nil, status: HTTPResponseStatus = .ok) -> Response {
        let isStudent = enrolment.role == "student"
        let other = isStudent ? enrolment.teacher : enrolment.student
        let upcoming = enrolment.bookings.filter { $0.state == .booked }
        let path = LessonsPaths.enrolment.link(enrolment.enrolmentID)
        return LessonsViews.page(title: enrolment.title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "me"),
            .unwrap(notice) { LessonsViews.notice($0, id: "enrolment-notice") },
            .unwrap(error) { .p(.class("field-error"), .id("enrolment-error"), .attribute(named: "role", value: "alert"), .text($0)) },
            .h1(.a(.href(LessonsPaths.lesson.link(enrolment.postID)), .text(enrolment.title))),
            .p(.class("hint"), .text((isStudent ? context.pick(ko: "선생님 ", en: "Teacher ") : context.pick(ko: "수강생 ", en: "Student ")) + other.nick),
               .unwrap(conversation) { .group(.text(" · "), .a(.id("enrolment-conversation"), .href($0), .text(context.pick(ko: "대화 열기", en: "Open the conversation")))) }),
            .div(
                .id("live-section"), .data(named: "live-section", value: path),
                .p(.id("enrolment-progress"), .class("badge"), .data(named: "state", value: enrolment.state.rawValue), .text(progress(enrolment, context))),
                .section(
                    .id("bookings"),
                    .h2(.text(context.pick(ko: "수업 일정", en: "Sessions"))),
                    .if(enrolment.bookings.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 예약한 수업이 없어요.", en: "No sessions booked yet."))),
                    .ul(.id("booking-list"), .class("row-list"), .forEach(enrolment.bookings) { booking($0, enrolment, openSlots: openSlots, context) })
                ),
                .if(isStudent && enrolment.state == .active && enrolment.remaining > 0, bookForm(enrolment, openSlots: openSlots, context)),
                .if(!isStudent && enrolment.state == .active && upcoming.isEmpty && enrolment.remaining > 0,
                    .p(.class("hint"), .text(context.pick(ko: "수강생이 열린 시간 중에서 예약해요.", en: "The student books from your open times.")), .text(" "),
                       .a(.href(LessonsPaths.schedule.link), .text(context.pick(ko: "시간표에서 시간 열기", en: "Open times on my week"))))),
                .if(enrolment.state == .active, refundForm(enrolment, context))
            ),
            TermsViews.summary(enrolment.terms, context, id: "enrolment-terms")
        ))
    }

    private static func booking(_ booking: Lessons.Booking, _ enrolment: Lessons.Enrolment, openSlots: [Lessons.Slot], _ context: PageContext) -> Node<HTML.ListContext> {
        let state: String = switch booking.state {
        case .booked: context.pick(ko: "예약됨", en: "Booked")
        case .taken: context.pick(ko: "수강함", en: "Taken")
        case .cancelled: booking.cancelledBy == "teacher" ? context.pick(ko: "선생님이 취소", en: "Cancelled by the teacher") : context.pick(ko: "취소됨", en: "Cancelled")
        case .forfeited: context.pick(ko: "늦은 취소 (회차 사용)", en: "Late cancel (session used)")
        }
        let start = SeoulTime.parse(booking.startsAt) ?? context.now
        let isStudent = enrolment.role == "student"
        let free = start.timeIntervalSince(context.now) >= TimeInterval(enrolment.terms.freeCancelHours) * 3600
        return .li(
            .id("booking-\(booking.bookingID)"), .class("booking \(booking.state.rawValue)"), .data(named: "state", value: booking.state.rawValue),
            LessonTimes.spoken(start, context),
            .span(.class("badge booking-state"), .text(state)),
            .if(booking.state == .booked && enrolment.state == .active, .div(
                .class("inline-actions booking-actions"),
                .if(isStudent && free && !openSlots.isEmpty, .form(
                    .class("move-form"), .action(path: LessonsPaths.moveBooking.link(booking.bookingID)), .method(.post),
                    PageLayout.csrfField(context),
                    .label(.for(field: "move-\(booking.bookingID)"), .class("visually-hidden"), .text(context.pick(ko: "옮길 시간", en: "Move to"))),
                    .select(.id("move-\(booking.bookingID)"), .attribute(named: "name", value: "slot_id"),
                            .forEach(openSlots) { slot in slotOption(slot, context) }),
                    .button(.type(.submit), .class("secondary small move-booking"), .text(context.pick(ko: "옮기기", en: "Move")))
                )),
                .form(
                    .class("cancel-form"), .action(path: LessonsPaths.cancelBooking.link(booking.bookingID)), .method(.post),
                    PageLayout.csrfField(context),
                    .p(.class("hint cancel-outcome"), .text(cancelOutcome(free: free, isStudent: isStudent, terms: enrolment.terms, context))),
                    .button(.type(.submit), .class("secondary small cancel-booking"), .text(context.pick(ko: "수업 취소", en: "Cancel session")))
                )
            ))
        )
    }

    private static func cancelOutcome(free: Bool, isStudent: Bool, terms: Lessons.Terms, _ context: PageContext) -> String {
        if !isStudent { return context.pick(ko: "취소하면 회차가 수강생에게 돌아가요.", en: "Cancelling returns the session to the student.") }
        if free || terms.lateCancellation == .sessionReturned { return context.pick(ko: "지금 취소하면 회차가 돌아와요.", en: "Cancelling now returns the session.") }
        return context.pick(ko: "수업 \(terms.freeCancelHours)시간 전이 지나서, 지금 취소하면 회차를 사용한 것으로 쳐요.",
                            en: "It is less than \(terms.freeCancelHours) hours away: cancelling now uses up the session.")
    }

    /// An open time to move to, in Korean time; lessons.js adds the viewer's own (`data-starts`).
    private static func slotOption(_ slot: Lessons.Slot, _ context: PageContext) -> Node<HTML.SelectContext> {
        let words = SeoulTime.spoken(SeoulTime.parse(slot.startsAt) ?? Date.distantPast)
        return .element(named: "option", nodes: [
            .attribute(named: "value", value: slot.slotID), .data(named: "starts", value: slot.startsAt),
            .text(context.pick(ko: words.ko, en: words.en)),
        ])
    }

    private static func bookForm(_ enrolment: Lessons.Enrolment, openSlots: [Lessons.Slot], _ context: PageContext) -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .id("book-session"),
            .h2(.text(context.pick(ko: "수업 예약하기", en: "Book a session"))),
            openSlots.isEmpty
                ? .p(.class("hint"), .id("no-open-slots"), .text(context.pick(ko: "앞으로 4주 동안 열린 시간이 없어요. 대화로 선생님께 여쭤보세요.",
                                                                             en: "No open times in the next four weeks. Ask the teacher in the conversation.")))
                : .form(
                    .id("book-form"), .action(path: LessonsPaths.book.link(enrolment.enrolmentID)), .method(.post),
                    PageLayout.csrfField(context),
                    .fieldset(
                        .element(named: "legend", text: context.pick(ko: "열린 시간 (한국 시간)", en: "Open times (Korean time)")),
                        .ul(.class("slot-choices"), .forEach(openSlots) { slot in
                            .li(.label(.input(.type(.radio), .name("slot_id"), .value(slot.slotID), .required(true), .class("slot-choice")),
                                       .text(" "), LessonTimes.spoken(SeoulTime.parse(slot.startsAt) ?? Date.distantPast, context)))
                        })
                    ),
                    .button(.id("book-submit"), .type(.submit), .text(context.pick(ko: "예약하기", en: "Book")))
                )
        )
    }

    private static func refundForm(_ enrolment: Lessons.Enrolment, _ context: PageContext) -> Node<HTML.BodyContext> {
        .details(
            .id("end-enrolment"),
            .summary(.text(context.pick(ko: "수강 종료와 환불", en: "End and refund"))),
            .p(.id("refund-quote"), .data(named: "amount", value: String(enrolment.refundQuote)),
               .text(context.pick(ko: "지금 끝내면 \(LessonsViews.price(enrolment.refundQuote, context))이 환불돼요.",
                                  en: "Ending now refunds \(LessonsViews.price(enrolment.refundQuote, context))."))),
            .p(.class("hint"), .text(context.pick(ko: "예약된 수업은 모두 취소돼요. 되돌릴 수 없어요.", en: "Every booked session is cancelled. This cannot be undone."))),
            .form(
                .id("refund-form"), .class("stacked"), .action(path: LessonsPaths.refund.link(enrolment.enrolmentID)), .method(.post),
                PageLayout.csrfField(context),
                .label(.input(.type(.checkbox), .name("confirm"), .value("yes"), .required(true), .id("refund-confirm")),
                       .text(context.pick(ko: " 환불 금액을 확인했어요", en: " I have read the amount"))),
                .button(.id("refund-submit"), .type(.submit), .class("danger"), .text(context.pick(ko: "수강 종료하기", en: "End the enrolment")))
            )
        )
    }
}
