import Platform
import Plot
import SproutAPI
import Vapor

/// How a study ends on the web (`StudyEndings`): the matched page's ways out under its chat, the
/// "만났어요" confirmation, and the page that asks the one who ended it for a review.
enum StudyEndingViews {
    /// What the partner did, said above the chat once they ended the study.
    static func partnerEnded(_ standing: StudyEndings.Standing, _ context: PageContext) -> Node<HTML.BodyContext> {
        let text: String? = switch standing {
        case .goingOn: nil
        case .partnerMet: context.pick(ko: "상대방이 만났어요를 눌렀어요 · 후기를 남겨주세요", en: "Your partner pressed We met · please leave a review")
        case .partnerReviewed: context.pick(ko: "상대방이 후기를 남기고 스터디를 마쳤어요 · 후기를 남겨주세요",
                                            en: "Your partner reviewed you and ended the study · please leave a review")
        case .partnerCancelled: context.pick(ko: "상대방이 스터디를 종료했어요.", en: "Your partner ended the study.")
        }
        return .unwrap(text) { .p(.id("partner-ended"), .class("notice"), .attribute(named: "role", value: "status"), .text($0)) }
    }

    /// In place of the chat's form once the study is over.
    static func chatClosed(_ context: PageContext) -> Node<HTML.BodyContext> {
        .p(.id("chat-closed"), .class("hint"), .text(context.pick(
            ko: "스터디가 끝나 더 이상 메시지를 보낼 수 없어요.", en: "The study has ended: no more messages can be sent.")))
    }

    /// While the study goes on: "만났어요" (once both have written; `study.js` shows it when that
    /// happens on the open page) and "스터디 종료". Once the partner ended it: the review, and
    /// ending my side without one.
    static func ending(partnerUID: String, partnerNick: String, standing: StudyEndings.Standing, _ context: PageContext) -> Node<HTML.BodyContext> {
        switch standing {
        case let .goingOn(canMeet):
            .div(
                .id("study-end"), .class("card stacked study-end"),
                .h2(.text(context.pick(ko: "스터디를 마쳤나요?", en: "Have you met?"))),
                .div(
                    .id("met-box"), .if(!canMeet, .attribute(named: "hidden")),
                    .form(
                        .id("met-form"), .action(path: StudyPaths.met.link), .method(.get),
                        .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
                        .button(.id("met"), .type(.submit), .class("wide"), .text(context.pick(ko: "만났어요", en: "We met")))
                    ),
                    .p(.class("hint"), .text(context.pick(
                        ko: "만나서 스터디를 했다면 눌러 주세요. 채팅이 닫히고, 두 분 모두 패널티 없이 서로 후기를 남길 수 있어요.",
                        en: "Press it once you have met and studied: the chat closes, and you review each other with no penalty for either.")))
                ),
                .if(!canMeet, .p(.id("met-later"), .class("hint"), .text(context.pick(
                    ko: "두 분이 채팅을 나누고 나면 여기에서 '만났어요'를 누를 수 있어요.",
                    en: "Once you have both written in the chat, you can press We met here.")))),
                endForm(partnerUID: partnerUID, hint: context.pick(
                    ko: "만나지 않고 끝내면 패널티가 있어요.", en: "Ending it without meeting carries a penalty."), context)
            )
        case .partnerMet, .partnerReviewed, .partnerCancelled:
            .div(
                .id("study-end"), .class("study-end"),
                StudyVerdictForm.review.form(partnerUID: partnerUID, partnerNick: partnerNick, context),
                endForm(partnerUID: partnerUID, hint: context.pick(
                    ko: "후기 없이 끝내도 패널티는 없어요.", en: "Ending it without a review carries no penalty."), context)
            )
        }
    }

    /// "스터디 종료": asks first, on the page that says what it costs.
    private static func endForm(partnerUID: String, hint: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id("dodge-form"), .class("stacked"), .action(path: StudyPaths.dodge.link), .method(.get),
            .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
            .p(.class("hint"), .text(hint)),
            .button(.id("dodge"), .type(.submit), .class("secondary"), .text(context.pick(ko: "스터디 종료", en: "End study")))
        )
    }

    /// The report form, folded away below the chat: reachable, but not what the page leads with.
    static func report(partnerUID: String, partnerNick: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .details(
            .id("report-details"), .class("report-details"),
            .summary(.text(context.pick(ko: "신고하기", en: "Report a problem"))),
            .component(StudyVerdictForm.report.form(partnerUID: partnerUID, partnerNick: partnerNick, context))
        )
    }

    static func confirmMet(_ context: PageContext, partnerUID: String, partnerNick: String) -> Response {
        let title = context.pick(ko: "\(partnerNick)님과 만났나요?", en: "Did you meet \(partnerNick)?")
        return PageLayout.render(title: title, context: context, .group(
            StudyViews.nav(context, current: "home"),
            .h1(.id("met-title"), .text(title)),
            .p(.id("met-consequence"), .class("notice"), .text(context.pick(
                ko: "만났어요를 누르면 스터디가 끝나고 채팅이 닫혀요. 두 분 모두 패널티가 없고, 서로 후기를 한 번씩 남길 수 있어요.",
                en: "Pressing We met ends the study and closes the chat. Neither of you gets a penalty, and each of you can review the other once."))),
            .form(
                .id("met-confirm-form"), .class("inline-actions"), .action(path: StudyPaths.met.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
                .input(.type(.hidden), .name("confirm"), .value("yes")),
                .button(.id("confirm-met"), .type(.submit), .text(context.pick(ko: "만났어요", en: "We met"))),
                .a(.id("keep-study"), .class("button secondary"), .href(StudyPaths.matched.link), .text(context.pick(ko: "돌아가기", en: "Go back")))
            )
        ))
    }

    /// After I ended a study: the review it asks for, the conversation as it ended, and the report.
    static func ended(_ context: PageContext, ending: StudyEndings.Ended, messages: [Study.Chat], notice: StudyNotice?) -> Response {
        let nick = ending.partnerNick
        let title = switch ending.how {
        case .met: context.pick(ko: "\(nick)님과 만났어요", en: "You met \(nick)")
        case .ended, .reviewed: context.pick(ko: "\(nick)님과의 스터디를 마쳤어요", en: "Your study with \(nick) has ended")
        }
        return PageLayout.render(title: title, context: context, .group(
            StudyViews.nav(context, current: "home"),
            .h1(.id("ended-title"), .text(title)),
            .p(.id("ended-status"), .class("notice"), .attribute(named: "role", value: "status"), .text(context.pick(
                ko: "스터디가 끝났어요 · 후기를 남겨주세요. 후기는 한 번만 남길 수 있어요.",
                en: "The study has ended · please leave a review. You can review once."))),
            StudyViews.notice(notice, context),
            StudyVerdictForm.review.form(partnerUID: ending.partnerUID, partnerNick: nick, context),
            .details(
                .id("ended-chat"), .class("report-details"),
                .summary(.text(context.pick(ko: "나눈 대화 보기", en: "The conversation"))),
                .component(StudyChatViews.log(messages, partnerUID: ending.partnerUID, context)),
                .component(chatClosed(context))
            ),
            report(partnerUID: ending.partnerUID, partnerNick: nick, context),
            .p(.a(.id("ended-home"), .class("button secondary"), .href(StudyPaths.home.link), .text(context.pick(ko: "홈으로", en: "Back home"))))
        ))
    }
}
