import Foundation
import Platform
import PlatformCore
import Plot
import SproutAPI
import Vapor

/// 약속 between study partners: what is pinned above the matched page's chat (the appointment
/// both accepted, or the proposal waiting, with accept and decline for the other side), and the
/// 약속 page, where a 동 is found by name and a time and place proposed. Times are Korean time
/// whatever the browser's zone; the refusals' words are the platform's (`AppointmentViews`).
enum StudyAppointmentViews {
    /// What the proposal form brings back after a refusal, or a search for a 동 keeps: as typed.
    struct Draft {
        var startsAt = ""
        /// The chosen 동's code.
        var dong = ""
        /// What was typed as the place, or beside the 동.
        var place = ""
        /// What was typed to find a 동.
        var search = ""
        var proposalRefusal: String?
        var answerRefusal: String?
    }

    /// Pinned above the chat. Drawn again from the page when a notification about the pair's
    /// conversation, or a line in it, arrives (`data-live-section`, conversations.js): the
    /// partner's proposal or answer shows at once.
    static func pinned(_ pinned: StudyAppointments.Pinned, _ context: PageContext, refusal: String? = nil) -> Node<HTML.BodyContext> {
        let current = pinned.current
        return .section(
            .id("appointments"), .class("card study-appointment"),
            .data(named: "live-section", value: PlatformPaths.conversation.link(pinned.webID)), .data(named: "conversation", value: pinned.conversationID),
            .unwrap(current.accepted) { accepted($0, context) },
            .unwrap(current.waiting) { waiting($0, partnerNick: pinned.partnerNick, context) },
            .if(current.accepted == nil && current.waiting == nil, .div(
                .id("appointment-none"), .class("appointment none"),
                .p(.class("hint"), .text(context.pick(ko: "언제 어디서 만날지 정해 보세요. 약속 1시간 전에 두 사람 모두에게 알려 드려요.",
                                                      en: "Agree on when and where to meet. You both get a reminder an hour before."))),
                .a(.id("appointment-open"), .class("button small"), .href(StudyPaths.appointment.link), .text(context.pick(ko: "약속 잡기", en: "Propose a meeting")))
            )),
            .unwrap(refusal) { .p(.id("appointment-refusal"), .class("field-error"), .attribute(named: "role", value: "alert"), .text($0)) }
        )
    }

    private static func accepted(_ appointment: Conversations.Appointment, _ context: PageContext) -> Node<HTML.BodyContext> {
        .div(
            .id("appointment-accepted"), .class("appointment accepted"), .data(named: "id", value: String(appointment.id)),
            .p(.strong(.text(context.pick(ko: "약속 ", en: "Meeting "))), AppointmentViews.when(appointment, context), .text(" · " + appointment.place)),
            .p(.class("hint"), .text(context.pick(ko: "1시간 전에 알려 드려요.", en: "You both get a reminder an hour before."))),
            .div(
                .class("inline-actions"),
                .a(.id("appointment-change"), .class("button secondary small"), .href(StudyPaths.appointment.link),
                   .text(context.pick(ko: "다른 시간 제안", en: "Suggest another time"))),
                AppointmentViews.answerForm(StudyPaths.appointmentCancel.link(appointment.id), id: "appointment-cancel", label: context.pick(ko: "약속 취소", en: "Call off"), context)
            )
        )
    }

    private static func waiting(_ appointment: Conversations.Appointment, partnerNick: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        let said = appointment.mine
            ? context.pick(ko: "약속을 제안했어요. 답을 기다리고 있어요.", en: "You proposed to meet. Waiting for an answer.")
            : context.pick(ko: "\(partnerNick)님이 약속을 제안했어요.", en: "\(partnerNick) proposes to meet.")
        return .div(
            .id("appointment-waiting"), .class("appointment waiting"), .data(named: "id", value: String(appointment.id)),
            .p(.text(said)),
            .p(.strong(AppointmentViews.when(appointment, context)), .text(" · " + appointment.place)),
            .div(.class("inline-actions"), appointment.mine ? withdrawal(appointment, context)
                : AppointmentViews.answers(accept: StudyPaths.appointmentAccept.link(appointment.id), decline: StudyPaths.appointmentDecline.link(appointment.id),
                                           suggest: StudyPaths.appointment.link(query: [], fragment: "appointment-form"), context))
        )
    }

    private static func withdrawal(_ appointment: Conversations.Appointment, _ context: PageContext) -> Node<HTML.BodyContext> {
        AppointmentViews.answerForm(StudyPaths.appointmentCancel.link(appointment.id), id: "appointment-withdraw", label: context.pick(ko: "제안 취소", en: "Withdraw"), context)
    }

    /// The 약속 page: what stands, finding a 동 by name, and proposing a time and place.
    static func page(_ context: PageContext, _ pinned: StudyAppointments.Pinned, found: [Neighbourhoods.Place], chosen: Neighbourhoods.Place?,
                     draft: Draft, status: HTTPResponseStatus) -> Response {
        let title = context.pick(ko: "\(pinned.partnerNick)님과 약속 잡기", en: "Meet \(pinned.partnerNick)")
        return PageLayout.render(title: title, context: context, status: status, .group(
            StudyViews.nav(context, current: "home"),
            .nav(.class("conversation-head"), .a(.id("back-to-chat"), .href(StudyPaths.matched.link), .text("← " + context.pick(ko: "채팅으로", en: "Back to the chat")))),
            .h1(.id("appointment-title"), .text(title)),
            Self.pinned(pinned, context, refusal: draft.answerRefusal),
            placeSearch(draft, found: found, context),
            proposal(draft, choices: ([chosen].compactMap { $0 } + found).eachOnce(), context)
        ))
    }

    /// Finding a 동 by name: a plain `GET` of this page, which keeps the time and place typed so far.
    private static func placeSearch(_ draft: Draft, found: [Neighbourhoods.Place], _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id("appointment-dong-search"), .class("search-form"), .action(path: StudyPaths.appointment.link), .method(.get),
            .label(.for(field: "appointment-dong-query"), .class("visually-hidden"), .text(context.pick(ko: "만날 동네 찾기", en: "Find a neighbourhood"))),
            .input(.id("appointment-dong-query"), .name("q"), .type(.search), .value(draft.search),
                   .attribute(named: "maxlength", value: String(Places.maxQueryLength)),
                   .placeholder(text: context.pick(ko: "예: 망원동, 마포구 합정", en: "e.g. 망원동, 마포구 합정"))),
            .input(.type(.hidden), .name("starts_at"), .value(draft.startsAt)),
            .input(.type(.hidden), .name("place"), .value(draft.place)),
            .button(.id("appointment-dong-find"), .type(.submit), .class("secondary"), .text(context.pick(ko: "찾기", en: "Find"))),
            .if(!draft.search.isEmpty && found.isEmpty, .p(.id("appointment-dong-none"), .class("hint"), .text(context.pick(
                ko: "그런 동네를 찾지 못했어요. 장소를 직접 적어도 돼요.", en: "No neighbourhood by that name. You can type the place instead."))))
        )
    }

    /// 약속 잡기: a 동 from the place list, what to add to it or a place in words, and the time.
    private static func proposal(_ draft: Draft, choices: [Neighbourhoods.Place], _ context: PageContext) -> Node<HTML.BodyContext> {
        let now = context.now
        let earliest = SeoulTime.isoDay(now) + "T" + SeoulTime.clock(now)
        let latestDay = now.addingTimeInterval(Appointments.horizon)
        let latest = SeoulTime.isoDay(latestDay) + "T" + SeoulTime.clock(latestDay)
        // The 동 chosen before; after a search that found one, that one.
        let chosen = draft.dong.isEmpty && choices.count == 1 ? choices[0].code : draft.dong
        return .form(
            .id("appointment-form"), .class("card stacked appointment-form"), .action(path: StudyPaths.appointment.link), .method(.post),
            PageLayout.csrfField(context),
            .h2(.text(context.pick(ko: "약속 제안하기", en: "Propose a meeting"))),
            .if(!choices.isEmpty, .fieldset(
                .id("appointment-dongs"), .class("dong-choice"),
                .element(named: "legend", text: context.pick(ko: "동네", en: "Neighbourhood")),
                .label(.class("dong-option"), .input(.type(.radio), .name("dong"), .id("dong-none"), Plot.Attribute(name: "value", value: "", ignoreIfValueIsEmpty: false), .checked(!choices.contains { $0.code == chosen })),
                       .text(context.pick(ko: "고르지 않음", en: "None"))),
                .forEach(choices) { place in
                    .label(.class("dong-option"), .input(.type(.radio), .name("dong"), .id("dong-\(place.code)"), .value(place.code), .checked(place.code == chosen)),
                           .text(place.fullName))
                }
            )),
            .div(
                .class("field"),
                .label(.for(field: "appointment-place"), .text(choices.isEmpty
                    ? context.pick(ko: "장소", en: "Place")
                    : context.pick(ko: "자세한 장소 (동네를 고르면 선택)", en: "Where exactly (optional with a neighbourhood)"))),
                .input(.id("appointment-place"), .name("place"), .type(.text), .value(draft.place),
                       .attribute(named: "maxlength", value: String(Conversations.maxPlaceLength)),
                       .placeholder(text: context.pick(ko: "예: 망원역 2번 출구", en: "e.g. Mangwon Station exit 2")))
            ),
            .div(
                .class("field"),
                .label(.for(field: "appointment-starts-at"), .text(context.pick(ko: "날짜와 시간 (한국 시간)", en: "Date and time (Korean time)"))),
                .input(.id("appointment-starts-at"), .name("starts_at"), .type(.datetimeLocal), .value(draft.startsAt),
                       .attribute(named: "min", value: earliest), .attribute(named: "max", value: latest), .required(true))
            ),
            .p(.class("hint"), .text(context.pick(ko: "제안하면 기다리던 제안과 아직 오지 않은 약속은 새 제안으로 바뀌어요.",
                                                  en: "A proposal replaces the one waiting and an upcoming meeting."))),
            .button(.id("appointment-propose"), .type(.submit), .text(context.pick(ko: "제안하기", en: "Propose"))),
            FormWidgets.error(draft.proposalRefusal)
        )
    }

    /// One of us blocked the other: no 약속 between us.
    static func blocked(_ context: PageContext) -> Response {
        let title = context.pick(ko: "약속을 잡을 수 없어요", en: "Cannot propose a meeting")
        return PageLayout.render(title: title, context: context, status: AppointmentViews.status(.blocked), .group(
            StudyViews.nav(context, current: "home"),
            .h1(.id("appointment-title"), .text(title)),
            .p(.id("appointment-refusal"), .class("notice"), .text(AppointmentViews.reason(.blocked, context))),
            .a(.class("button secondary"), .href(StudyPaths.matched.link), .text(context.pick(ko: "채팅으로", en: "Back to the chat")))
        ))
    }
}

private extension Array where Element == Neighbourhoods.Place {
    /// Each 동 once, first where it first stands.
    func eachOnce() -> [Element] {
        var seen = Set<String>()
        return filter { seen.insert($0.code).inserted }
    }
}
