import Foundation
import PlatformCore
import Plot
import SproutAPI
import Vapor

/// 약속 on the conversation page: the accepted appointment in the header, the proposal waiting
/// for an answer under it (accept, decline or suggest another for the other side; withdraw for
/// its proposer), and the 약속 잡기 form, whose time is Korean time whatever the browser's zone.
/// An app that holds a conversation on its own page (the study's matched chat) draws its own 약속
/// there and shares the refusals' words and statuses.
public enum AppointmentViews {
    /// What the page shows of the conversation's appointments.
    struct Shown {
        var current: Appointments.Current
        var refused = Refused()
    }

    /// What an appointment form brings back to the page after a refusal: the proposal as typed and
    /// why it was refused, or why an answer was.
    struct Refused {
        var startsAt = ""
        var place = ""
        var proposal: String?
        var answer: String?
    }

    /// Drawn again from the page when a notification about the conversation arrives
    /// (`data-live-section`, conversations.js): the other side's proposal or answer shows at once.
    static func header(_ webID: String, _ shown: Shown, otherName: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .section(
            .id("appointments"), .class("conversation-appointments"), .data(named: "live-section", value: PlatformPaths.conversation.link(webID)),
            .unwrap(shown.current.accepted) { accepted($0, webID: webID, context) },
            .unwrap(shown.current.waiting) { waiting($0, webID: webID, otherName: otherName, context) },
            .unwrap(shown.refused.answer) { .p(.id("appointment-refusal"), .class("field-error"), .attribute(named: "role", value: "alert"), .text($0)) }
        )
    }

    private static func accepted(_ appointment: Conversations.Appointment, webID: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .div(
            .id("appointment-accepted"), .class("appointment accepted"), .data(named: "id", value: String(appointment.id)),
            .p(.strong(.text(context.pick(ko: "약속 ", en: "Meeting "))), when(appointment, context), .text(" · " + appointment.place)),
            .div(.class("inline-actions"), answerForm(PlatformPaths.conversationAppointmentCancel.link((webID, appointment.id)), id: "appointment-cancel",
                                                      label: context.pick(ko: "약속 취소", en: "Call off"), context))
        )
    }

    private static func waiting(_ appointment: Conversations.Appointment, webID: String, otherName: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        let said = appointment.mine
            ? context.pick(ko: "약속을 제안했어요. 답을 기다리고 있어요.", en: "You proposed to meet. Waiting for an answer.")
            : context.pick(ko: "\(otherName)님이 약속을 제안했어요.", en: "\(otherName) proposes to meet.")
        return .div(
            .id("appointment-waiting"), .class("card appointment waiting"), .data(named: "id", value: String(appointment.id)),
            .p(.text(said)),
            .p(.strong(when(appointment, context)), .text(" · " + appointment.place)),
            .div(.class("inline-actions"), appointment.mine ? withdrawal(appointment, webID: webID, context)
                : answers(accept: PlatformPaths.conversationAppointmentAccept.link((webID, appointment.id)),
                          decline: PlatformPaths.conversationAppointmentDecline.link((webID, appointment.id)), suggest: "#appointment-form", context))
        )
    }

    private static func withdrawal(_ appointment: Conversations.Appointment, webID: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        answerForm(PlatformPaths.conversationAppointmentCancel.link((webID, appointment.id)), id: "appointment-withdraw",
                   label: context.pick(ko: "제안 취소", en: "Withdraw"), context)
    }

    /// 수락, 거절, and 다른 시간 제안, which opens the form at `suggest`: the buttons an app that
    /// shows a conversation's appointment on a page of its own (the study's matched page) draws too.
    public static func answers(accept: String, decline: String, suggest: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .group(
            answerForm(accept, id: "appointment-accept", label: context.pick(ko: "수락", en: "Accept"), primary: true, context),
            answerForm(decline, id: "appointment-decline", label: context.pick(ko: "거절", en: "Decline"), context),
            .a(.id("appointment-suggest"), .class("button secondary small"), .href(suggest),
               .text(context.pick(ko: "다른 시간 제안", en: "Suggest another time")))
        )
    }

    public static func answerForm(_ action: String, id: String, label: String, primary: Bool = false, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .action(path: action), .method(.post),
            PageLayout.csrfField(context),
            .button(.id(id), .type(.submit), .class(primary ? "small" : "secondary small"), .text(label))
        )
    }

    /// The time in Korean words, with the instant for scripts and machines.
    public static func when<Context: HTML.BodyContext>(_ appointment: Conversations.Appointment, _ context: PageContext) -> Node<Context> {
        let words = SeoulTime.spokenTwelveHour(SeoulTime.parse(appointment.startsAt) ?? .distantPast)
        return .element(named: "time", nodes: [
            .class("appointment-when"), .attribute(named: "datetime", value: appointment.startsAt), .text(context.pick(ko: words.ko, en: words.en)),
        ])
    }

    /// 약속 잡기: open when there is a proposal to answer with another time, or a refusal to show.
    static func form(_ webID: String, _ shown: Shown, _ context: PageContext) -> Node<HTML.BodyContext> {
        let refused = shown.refused
        let waiting = shown.current.waiting
        let isOpen = refused.proposal != nil || (waiting.map { !$0.mine } ?? false)
        let now = context.now
        let earliest = SeoulTime.isoDay(now) + "T" + SeoulTime.clock(now)
        let latestDay = now.addingTimeInterval(Appointments.horizon)
        let latest = SeoulTime.isoDay(latestDay) + "T" + SeoulTime.clock(latestDay)
        return .details(
            .id("appointment-form"), .class("appointment-form"), .open(isOpen),
            .summary(.text(context.pick(ko: "약속 잡기", en: "Propose a meeting"))),
            .form(
                .id("appointment-propose-form"), .class("stacked"), .action(path: PlatformPaths.conversationAppointments.link(webID)), .method(.post),
                PageLayout.csrfField(context),
                .div(
                    .class("field"),
                    .label(.for(field: "appointment-starts-at"), .text(context.pick(ko: "날짜와 시간 (한국 시간)", en: "Date and time (Korean time)"))),
                    .input(.id("appointment-starts-at"), .name("starts_at"), .type(.datetimeLocal), .value(refused.startsAt),
                           .attribute(named: "min", value: earliest), .attribute(named: "max", value: latest), .required(true))
                ),
                .div(
                    .class("field"),
                    .label(.for(field: "appointment-place"), .text(context.pick(ko: "장소", en: "Place"))),
                    .input(.id("appointment-place"), .name("place"), .type(.text), .value(refused.place.isEmpty ? (waiting?.place ?? "") : refused.place),
                           .attribute(named: "maxlength", value: String(Conversations.maxPlaceLength)), .required(true),
                           .placeholder(text: context.pick(ko: "예: 망원역 2번 출구", en: "e.g. Mangwon Station exit 2")))
                ),
                .p(.class("hint"), .text(context.pick(ko: "제안하면 기다리던 제안과 아직 오지 않은 약속은 새 제안으로 바뀌어요.",
                                                      en: "A proposal replaces the one waiting and an upcoming meeting."))),
                .button(.id("appointment-propose"), .type(.submit), .text(context.pick(ko: "제안하기", en: "Propose"))),
                FormWidgets.error(refused.proposal)
            )
        )
    }

    /// The status a refused appointment form answers with.
    public static func status(_ error: AppointmentError) -> HTTPResponseStatus {
        switch error {
        case .notFound: .notFound
        case .ownProposal, .blocked: .forbidden
        case .closed: .conflict
        case .invalidTime, .invalidPlace: .unprocessableEntity
        }
    }

    /// The words a page shows for what the appointment rules refused.
    public static func reason(_ error: AppointmentError, _ context: PageContext) -> String {
        switch error {
        case .notFound: context.pick(ko: "약속을 찾을 수 없어요.", en: "This appointment cannot be found.")
        case .ownProposal: context.pick(ko: "내가 제안한 약속은 상대가 답해요.", en: "The other person answers your proposal.")
        case .closed: context.pick(ko: "이미 답했거나 바뀌었거나 시간이 지난 약속이에요.", en: "This appointment was answered, replaced or called off, or its time has passed.")
        case .invalidTime(.unreadable): context.pick(ko: "날짜와 시간을 골라 주세요.", en: "Choose a date and time.")
        case .invalidTime(.past): context.pick(ko: "지난 시간으로는 약속할 수 없어요.", en: "That time has passed.")
        case let .invalidTime(.tooFar(days)): context.pick(ko: "\(days)일 안의 시간만 제안할 수 있어요.", en: "Propose a time within \(days) days.")
        case .invalidPlace(.empty): context.pick(ko: "장소를 입력해 주세요.", en: "Enter a place.")
        case let .invalidPlace(.tooLong(maximum)): context.pick(ko: "장소는 \(maximum)자 이하로 입력해 주세요.", en: "Use at most \(maximum) characters for the place.")
        case .invalidPlace(.controlCharacters): context.pick(ko: "장소에 쓸 수 없는 문자가 있어요.", en: "The place holds characters that cannot be used.")
        case .blocked: context.pick(ko: "차단한 사람, 또는 나를 차단한 사람과는 약속할 수 없어요.", en: "You cannot meet someone you blocked, or who blocked you.")
        }
    }
}
