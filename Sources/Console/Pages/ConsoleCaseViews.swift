import Foundation
import Platform
import PlatformCore
import Plot
import Vapor

/// One reported thing in context, as its reporters saw it, with the reports, its owner's history
/// and the actions: hide or restore it (or a comment or message shown with it), disable its
/// owner, dismiss the reports.
enum ConsoleCaseViews {
    static func page(_ context: PageContext, _ shown: ReportQueue.Shown, owner: AccountHistory?, openCount: Int, done: String?, problem: String?) -> Response {
        let reports = shown.reports
        let key = (reports.app, reports.subject)
        return ConsoleViews.render(context, title: context.pick(ko: "신고 처리", en: "Report"), openCount: openCount, .group(
            .h1(.id("case-title"), .text(shown.thing.map { "\(context.pick(ko: $0.kindName.ko, en: $0.kindName.en)) · \($0.title)" }
                ?? context.pick(ko: "지워진 글", en: "Deleted"))),
            .unwrap(done) { ConsoleViews.notice($0, context) },
            ConsoleViews.problem(problem, context),
            .if(!shown.isOpen, .p(.id("case-closed"), .class("hint"), .text(context.pick(ko: "처리가 끝난 신고예요.", en: "This report has been dealt with.")))),
            .unwrap(shown.thing) { thing(context, $0, key: key) },
            .section(
                .id("case-reports"), .class("card"),
                .h2(.text(context.pick(ko: "신고 \(reports.count)건", en: "\(reports.count) reports"))),
                .p(.text(ConsoleViews.reasons(reports, context))),
                .ul(.forEach(reports.notes) { .li(.class("report-note"), .text($0)) })
            ),
            .unwrap(owner) { ConsoleAccountViews.summary(context, $0, closing: shown) },
            .form(
                .id("dismiss-form"), .class("stacked card"), .action(path: ConsolePaths.dismiss.link(key)), .method(.post),
                PageLayout.csrfField(context),
                .h2(.text(context.pick(ko: "문제가 없으면 기각", en: "Nothing wrong: dismiss"))),
                ConsoleViews.reasonFields("dismiss", context, tellOwner: false),
                .button(.id("dismiss-submit"), .type(.submit), .class("secondary"), .text(context.pick(ko: "기각하기", en: "Dismiss")))
            )
        ))
    }

    private static func thing(_ context: PageContext, _ thing: ReportedThing, key: (String, String)) -> Node<HTML.BodyContext> {
        .group(
            .section(
                .id("case-thing"), .class("card"),
                .if(thing.hidden == true, .p(.id("thing-hidden"), .class("notice"), .text(context.pick(ko: "숨김 처리된 상태예요.", en: "Hidden now.")))),
                .p(.class("thing-body"), .text(thing.body)),
                .div(.class("case-photos"), .forEach(thing.photos) { photo in
                    .img(.src(photo), .alt(text: context.pick(ko: "신고된 사진", en: "Reported photo")), .attribute(named: "width", value: "160"), .attribute(named: "loading", value: "lazy"))
                }),
                .p(.a(.id("thing-link"), .href(thing.link), .text(context.pick(ko: "페이지 열기", en: "Open its page")))),
                .unwrap(thing.hidden) { hidden in
                    .form(
                        .id("hide-form"), .class("stacked"), .action(path: ConsolePaths.hide.link(key)), .method(.post),
                        PageLayout.csrfField(context),
                        .input(.type(.hidden), .name("kind"), .value(thing.item.kind)), .input(.type(.hidden), .name("id"), .value(thing.item.id)),
                        .input(.type(.hidden), .name("hidden"), .value(hidden ? "0" : "1")),
                        ConsoleViews.reasonFields("hide", context, tellOwner: thing.ownerID != nil),
                        .button(.id("hide-submit"), .type(.submit), .class(hidden ? "secondary" : "danger"),
                                .text(hidden ? context.pick(ko: "다시 보이게 하기", en: "Restore") : context.pick(ko: "숨기기", en: "Hide")))
                    )
                }
            ),
            .if(!thing.parts.isEmpty, .section(
                .id("case-parts"), .class("card"),
                .unwrap(thing.partsNote) { .p(.id("parts-note"), .class("hint"), .text(context.pick(ko: $0.ko, en: $0.en))) },
                .ol(.class("console-parts"), .forEach(thing.parts) { part(context, $0, key: key) })
            ))
        )
    }

    private static func part(_ context: PageContext, _ part: ReportedThing.Part, key: (String, String)) -> Node<HTML.ListContext> {
        .li(
            .id("part-\(part.item.kind)-\(part.item.id)"), .class(part.hidden ? "part hidden" : "part"),
            .p(.a(.href(ConsolePaths.account.link(part.authorID)), .text(part.authorName)), .text(" · "), context.posted(SeoulTime.wire(part.at)),
               .if(part.hidden, .span(.class("hint"), .text(" · " + context.pick(ko: "숨김", en: "hidden"))))),
            .p(.text(part.text)),
            .form(
                .class("stacked"), .action(path: ConsolePaths.hide.link(key)), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("kind"), .value(part.item.kind)), .input(.type(.hidden), .name("id"), .value(part.item.id)),
                .input(.type(.hidden), .name("hidden"), .value(part.hidden ? "0" : "1")),
                ConsoleViews.reasonFields("part-\(part.item.kind)-\(part.item.id)", context, tellOwner: true),
                .button(.type(.submit), .class("secondary small"),
                        .text(part.hidden ? context.pick(ko: "다시 보이게 하기", en: "Restore") : context.pick(ko: "이것만 숨기기", en: "Hide this one")))
            )
        )
    }
}
