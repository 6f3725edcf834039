import Foundation
import Platform
import PlatformCore
import Plot
import Vapor

/// An account as the console shows it: age, state, earlier cases and actions, and the form that
/// disables or enables it.
enum ConsoleAccountViews {
    static func page(_ context: PageContext, _ history: AccountHistory, isMe: Bool, openCount: Int, done: String?, problem: String?) -> Response {
        ConsoleViews.render(context, title: history.name, openCount: openCount, .group(
            .h1(.id("account-name"), .text(history.name)),
            .unwrap(done) { ConsoleViews.notice($0, context) },
            ConsoleViews.problem(problem, context),
            summary(context, history, closing: nil, isMe: isMe)
        ))
    }

    /// Shown on the account's page and under a case about one of its things.
    static func summary(_ context: PageContext, _ history: AccountHistory, closing shown: ReportQueue.Shown?, isMe: Bool = false) -> Node<HTML.BodyContext> {
        let disabled = history.disabledAt != nil
        return .section(
            .id("account-history"), .class("card"),
            .h2(.a(.href(ConsolePaths.account.link(history.accountID)), .text(history.name))),
            .p(.text(context.pick(ko: "가입: ", en: "Joined: ")), context.posted(SeoulTime.wire(history.createdAt)),
               .if(history.isOperator, .span(.class("badge"), .text(context.pick(ko: " 운영자", en: " operator"))))),
            .p(.id("account-state"), .text(disabled ? context.pick(ko: "정지된 계정", en: "Disabled") : context.pick(ko: "사용 중", en: "Active"))),
            .p(.id("account-earlier"), .text(context.pick(
                ko: "이전 신고 처리: 숨김 \(history.earlierCases[.hide] ?? 0) · 정지 \(history.earlierCases[.disable] ?? 0) · 기각 \(history.earlierCases[.dismiss] ?? 0)",
                en: "Earlier reports: hidden \(history.earlierCases[.hide] ?? 0) · disabled \(history.earlierCases[.disable] ?? 0) · dismissed \(history.earlierCases[.dismiss] ?? 0)"))),
            .if(!history.actions.isEmpty, .ul(.class("account-actions"), .forEach(history.actions) { entry in
                .li(context.posted(SeoulTime.wire(entry.at)), .text(" · " + ConsoleAuditViews.actionName(entry.action, context) + " · " + entry.reason))
            })),
            .if(!(isMe && !disabled), .form(
                .id("account-form"), .class("stacked"), .action(path: ConsolePaths.accountState.link(history.accountID)), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("disabled"), .value(disabled ? "0" : "1")),
                .unwrap(shown) { shown in
                    .group(.input(.type(.hidden), .name("app"), .value(shown.reports.app)), .input(.type(.hidden), .name("subject"), .value(shown.reports.subject)))
                },
                ConsoleViews.reasonFields("account", context, tellOwner: false),
                .button(.id("account-submit"), .type(.submit), .class(disabled ? "secondary" : "danger"),
                        .text(disabled ? context.pick(ko: "정지 풀기", en: "Enable") : context.pick(ko: "계정 정지", en: "Disable account")))
            ))
        )
    }
}
