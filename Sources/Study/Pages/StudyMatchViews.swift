import Platform
import Plot
import SproutAPI
import Vapor

/// The study input, the two result tabs and the matched page (spec §7, screens 7–9).
enum StudyMatchViews {
    static func input(_ context: PageContext, chosen: [String], recommended: [String], nearby: [String], error: String?, status: HTTPResponseStatus) -> Response {
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

    static func results(_ context: PageContext, tab: StudyResultTab, found: Study.SearchResult, isWaiting: Bool, notice: StudyNotice?, live: StudyLiveState) -> Response {
        let people = tab == .nearby ? found.fromQueueDB : found.fromQueueDBRequested
        let action = tab == .nearby
            ? (path: StudyPaths.request.link, label: context.pick(ko: "요청하기", en: "Ask to study"), id: "request-button")
            : (path: StudyPaths.accept.link, label: context.pick(ko: "수락하기", en: "Accept"), id: "accept-button danger")
        return PageLayout.render(title: context.pick(ko: "새싹 찾기", en: "Find a study"), context: context, .group(
            StudyViews.nav(context, current: "input"),
            .div(
                .class("tabs"), .attribute(named: "role", value: "tablist"),
                .a(.id("tab-nearby"), .class(tab == .nearby ? "current" : ""), .href(StudyPaths.results(tab: .nearby)),
                   .text(context.pick(ko: "주변 새싹 \(found.fromQueueDB.count)", en: "Nearby \(found.fromQueueDB.count)"))),
                .a(.id("tab-received"), .class(tab == .received ? "current" : ""), .href(StudyPaths.results(tab: .received)),
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
            .div(.id("result-cards"), .class("study-cards"), .forEach(people) { StudyViews.card($0, action: action, context) }),
            .if(isWaiting, .form(
                .id("stop-form"), .action(path: StudyPaths.stop.link), .method(.post),
                PageLayout.csrfField(context),
                .button(.id("stop-searching"), .type(.submit), .class("secondary"), .text(context.pick(ko: "찾기 중단", en: "Stop searching")))
            )),
            StudyViews.live(live)
        ))
    }

    static func matched(
        _ context: PageContext, partnerUID: String, partnerNick: String, partnerEnded: Bool, messages: [Study.Chat], notice: StudyNotice?,
        live: StudyLiveState
    ) -> Response {
        PageLayout.render(title: partnerNick, context: context, .group(
            StudyViews.nav(context, current: "home"),
            .h1(.id("matched-title"), .text(context.pick(ko: "\(partnerNick)님과 매칭되었습니다", en: "You are matched with \(partnerNick)"))),
            .if(partnerEnded, .p(.id("partner-ended"), .class("notice"), .text(context.pick(
                ko: "상대방이 스터디를 종료했어요.", en: "Your partner ended the study.")))),
            StudyViews.notice(notice, context),
            StudyChatViews.log(messages, partnerUID: partnerUID, context),
            .if(!partnerEnded, StudyChatViews.form(partnerUID: partnerUID, context)),
            reviewAfterStudying(partnerUID: partnerUID, partnerNick: partnerNick, studied: partnerEnded || studiedTogether(messages, partnerUID: partnerUID),
                                context),
            StudyVerdictForm.report.form(partnerUID: partnerUID, partnerNick: partnerNick, context),
            .form(
                .id("dodge-form"), .class("card stacked"), .action(path: StudyPaths.dodge.link), .method(.get),
                .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
                .p(.class("hint"), .text(partnerEnded
                    ? context.pick(ko: "스터디를 종료하면 홈으로 돌아가요.", en: "Ending the study takes you back home.")
                    : context.pick(ko: "스터디를 취소하면 패널티가 부과돼요.", en: "Cancelling the study carries a penalty."))),
                .button(.id("dodge"), .type(.submit), .class("danger"), .text(partnerEnded
                    ? context.pick(ko: "스터디 종료", en: "End study")
                    : context.pick(ko: "스터디 취소", en: "Cancel study")))
            ),
            StudyViews.live(live)
        ))
    }

    /// Both have written: a study happened, so it can be reviewed. (A review ends the match in
    /// the study contract, so offering it before is offering to end what has not begun.)
    static func studiedTogether(_ messages: [Study.Chat], partnerUID: String) -> Bool {
        messages.contains { $0.to == partnerUID } && messages.contains { $0.from == partnerUID }
    }

    /// The review form, shown once the study happened; until then a hint, and the form hidden for
    /// `study.js` to show when both sides have written on the open page.
    static func reviewAfterStudying(partnerUID: String, partnerNick: String, studied: Bool, _ context: PageContext) -> Node<HTML.BodyContext> {
        .div(
            .id("review-section"), .data(named: "studied", value: studied ? "true" : "false"),
            .if(!studied, .p(.id("review-later"), .class("hint"), .text(context.pick(
                ko: "함께 스터디를 하고 나면 여기에서 리뷰를 남길 수 있어요.", en: "Once you have studied together, you can review \(partnerNick) here.")))),
            .div(.id("review-box"), .if(!studied, .attribute(named: "hidden")),
                 StudyVerdictForm.review.form(partnerUID: partnerUID, partnerNick: partnerNick, context))
        )
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
