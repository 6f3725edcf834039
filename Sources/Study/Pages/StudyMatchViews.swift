import Platform
import Plot
import SproutAPI
import Vapor

/// The study input, the two result tabs and the matched page (spec §7, screens 7–9).
enum StudyMatchViews {
    /// `near`: the 동 the search is centred on, where "새싹 찾기" waits.
    static func input(_ context: PageContext, chosen: [String], recommended: [String], nearby: [String], error: String?, status: HTTPResponseStatus,
                      near: Neighbourhoods.Place?) -> Response {
        PageLayout.render(title: context.pick(ko: "스터디 입력", en: "What to study"), context: context, status: status, .group(
            StudyViews.nav(context, current: "input"),
            .h1(.text(context.pick(ko: "어떤 스터디를 하고 싶나요?", en: "What do you want to study?"))),
            .form(
                .id("tag-form"), .class("search-form"), .action(path: StudyPaths.addTags.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.search), .name("tags"), .id("tag-input"), .attribute(named: "maxlength", value: "80"),
                       .placeholder(text: context.pick(ko: "띄어쓰기로 복수 입력이 가능해요", en: "Separate several studies with spaces"))),
                .button(.id("tag-add"), .type(.submit), .text(context.pick(ko: "추가", en: "Add")))
            ),
            .if(error != nil, .p(.id("study-notice"), .class("form-error"), .attribute(named: "role", value: "alert"), .text(error ?? ""))),
            .h2(.text(context.pick(ko: "지금 주변에는", en: "Around you now"))),
            .if(recommended.isEmpty && nearby.isEmpty, .p(.class("hint"), .text(context.pick(ko: "아직 주변에 스터디가 없어요.", en: "No studies around yet.")))),
            .div(
                .id("suggested-tags"), .class("chips"),
                .forEach(recommended) { tagButton($0, path: StudyPaths.addTags.link, style: "chip recommended", context) },
                .forEach(nearby) { tagButton($0, path: StudyPaths.addTags.link, style: "chip", context) }
            ),
            .h2(.text(context.pick(ko: "내가 하고 싶은", en: "What I want to study"))),
            .if(chosen.isEmpty, .p(.class("hint"), .text(context.pick(ko: "고르지 않으면 아무 스터디나 괜찮다는 뜻이에요.", en: "Choose none to study anything.")))),
            .div(.id("chosen-tags"), .class("chips"), .forEach(chosen) { tagButton($0, path: StudyPaths.removeTag.link, style: "chip chosen", context) }),
            .p(.class("hint"), .text(context.pick(ko: "\(chosen.count) / \(Study.maxStudyTags)개", en: "\(chosen.count) of \(Study.maxStudyTags)"))),
            StudyWhereViews.queueingAt(near, context),
            .form(
                .id("queue-form"), .action(path: StudyPaths.queue.link), .method(.post),
                PageLayout.csrfField(context),
                .button(.id("find-study"), .class("wide"), .type(.submit), .text(context.pick(ko: "새싹 찾기", en: "Find study partners")))
            )
        ))
    }

    /// A chip that adds (or, among my choices, removes) its tag: a one-button form, so it works
    /// without scripts.
    private static func tagButton(_ tag: String, path: String, style: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .class("chip-form"), .action(path: path), .method(.post),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("tags"), .value(tag)),
            .button(.class(style), .type(.submit), .data(named: "tag", value: tag), .text(path.hasSuffix("remove") ? "\(tag) ✕" : tag))
        )
    }

    /// `whereabouts`: how far each person is from the search's centre and in which 동, by uid;
    /// `sent`: the people I asked already, whose cards say so.
    static func results(_ context: PageContext, tab: StudyResultTab, found: Study.SearchResult, isWaiting: Bool, notice: StudyNotice?, live: StudyLiveState,
                        whereabouts: [String: StudyPlaces.Whereabouts], sent: Set<String>) -> Response {
        let people = tab == .nearby ? found.fromQueueDB : found.fromQueueDBRequested
        let action = { (person: Study.QueueUser) -> StudyCardAction in
            tab == .received ? .accept : sent.contains(person.uid) ? .requested : .request
        }
        return PageLayout.render(title: context.pick(ko: "새싹 찾기", en: "Find a study"), context: context, .group(
            StudyViews.nav(context, current: "input"),
            .div(
                // Links between two pages, not a script's tabs: the current one is marked as the page.
                .class("tabs"),
                .a(.id("tab-nearby"), .class(tab == .nearby ? "current" : ""), .href(StudyPaths.results(tab: .nearby)),
                   .if(tab == .nearby, .attribute(named: "aria-current", value: "page")),
                   .text(context.pick(ko: "주변 새싹 \(found.fromQueueDB.count)", en: "Nearby \(found.fromQueueDB.count)"))),
                .a(.id("tab-received"), .class(tab == .received ? "current" : ""), .href(StudyPaths.results(tab: .received)),
                   .if(tab == .received, .attribute(named: "aria-current", value: "page")),
                   .text(context.pick(ko: "받은 요청 \(found.fromQueueDBRequested.count)", en: "Requests \(found.fromQueueDBRequested.count)")))
            ),
            StudyViews.notice(notice, context),
            .if(!isWaiting, .p(.id("not-waiting"), .class("notice"), .text(context.pick(
                ko: "지금은 스터디를 찾고 있지 않아요. 새싹 찾기를 누르면 다른 새싹에게 보여요.",
                en: "You are not in the queue: press Find study partners so others can see you.")))),
            .if(people.isEmpty, .div(
                .id("empty-results"), .class("empty-state"),
                .p(.text(tab == .nearby
                    ? context.pick(ko: "아쉽게도 주변에 새싹이 없어요", en: "No one is around yet")
                    : context.pick(ko: "아직 받은 요청이 없어요", en: "No requests yet"))),
                .a(.class("button secondary"), .href(StudyPaths.input.link), .text(context.pick(ko: "스터디 변경하기", en: "Change studies")))
            )),
            .div(.id("result-cards"), .class("study-cards"), .forEach(people) { person in
                StudyWhereViews.placed(StudyViews.card(person, action: action(person), context), whereabouts[person.uid])
            }),
            .if(isWaiting, .form(
                .id("stop-form"), .action(path: StudyPaths.stop.link), .method(.post),
                PageLayout.csrfField(context),
                .button(.id("stop-searching"), .type(.submit), .class("secondary"), .text(context.pick(ko: "찾기 중단", en: "Stop searching")))
            )),
            StudyViews.live(live)
        ))
    }

    /// The chat first, as long as the study lasts; how it ends under it ("만났어요" or "스터디
    /// 종료" while it goes on, the review once the partner ended it); the report folded away.
    static func matched(
        _ context: PageContext, partnerUID: String, partnerNick: String, standing: StudyEndings.Standing, messages: [Study.Chat], notice: StudyNotice?,
        live: StudyLiveState, appointment: StudyAppointments.Pinned? = nil
    ) -> Response {
        PageLayout.render(title: partnerNick, context: context, .group(
            StudyViews.nav(context, current: "home"),
            .h1(.id("matched-title"), .text(context.pick(ko: "\(partnerNick)님과 매칭되었습니다", en: "You are matched with \(partnerNick)"))),
            StudyEndingViews.partnerEnded(standing, context),
            StudyViews.notice(notice, context),
            .unwrap(appointment) { StudyAppointmentViews.pinned($0, context) },
            StudyChatViews.log(messages, partnerUID: partnerUID, context),
            standing.isOver ? StudyEndingViews.chatClosed(context) : StudyChatViews.form(partnerUID: partnerUID, context),
            StudyEndingViews.ending(partnerUID: partnerUID, partnerNick: partnerNick, standing: standing, context),
            StudyEndingViews.report(partnerUID: partnerUID, partnerNick: partnerNick, context),
            StudyViews.live(live)
        ))
    }

    static func confirmDodge(_ context: PageContext, partnerUID: String, cost: Matchmaker.DodgeCost) -> Response {
        let title = cost == .free ? context.pick(ko: "스터디를 종료할까요?", en: "End the study?") : context.pick(ko: "스터디를 취소할까요?", en: "Cancel the study?")
        let consequence: String = switch cost {
        case let .penalty(minutes): context.pick(
            ko: "지금 취소하면 패널티로 \(minutes)분 동안 새싹 찾기를 이용할 수 없어요. 상대방에게도 바로 알려져요.",
            en: "Cancelling now keeps you out of the search for \(context.count(minutes, ko: "분", en: "minute")). Your partner is told at once.")
        case .free, .notMyPartner: context.pick(ko: "상대방이 먼저 끝냈으니 패널티는 없어요.", en: "Your partner ended it first: there is no penalty.")
        }
        return PageLayout.render(title: title, context: context, .group(
            StudyViews.nav(context, current: "home"),
            .h1(.id("dodge-title"), .text(title)),
            .p(.id("dodge-consequence"), .class("notice"), .text(consequence)),
            .if(cost != .free, .p(.id("dodge-met-hint"), .class("hint"), .text(context.pick(
                ko: "만나서 스터디를 했다면 돌아가서 '만났어요'를 눌러 주세요. 패널티 없이 끝나요.",
                en: "If you met and studied, go back and press We met instead: it ends the study without a penalty.")))),
            .form(
                .id("dodge-confirm-form"), .class("inline-actions"), .action(path: StudyPaths.dodge.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
                .input(.type(.hidden), .name("confirm"), .value("yes")),
                .button(.id("confirm-dodge"), .type(.submit), .class("danger"),
                        .text(cost == .free ? context.pick(ko: "종료하기", en: "End it") : context.pick(ko: "취소하기", en: "Cancel it"))),
                .a(.id("keep-study"), .class("button secondary"), .href(StudyPaths.matched.link), .text(context.pick(ko: "돌아가기", en: "Keep the study")))
            )
        ))
    }
}
