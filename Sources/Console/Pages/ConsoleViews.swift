import Foundation
import Platform
import PlatformCore
import Plot
import Vapor

/// The console's frame (its tabs, with the count of open reports) and the report queue.
enum ConsoleViews {
    struct QueueFilter: Sendable {
        let app: String?
        let kind: String?
        let order: ReportQueue.Order
    }

    /// The apps and kinds reports come from, as the filters offer them.
    static let apps: [(value: String, ko: String, en: String)] = [
        ("market", "도토리마켓", "Market"), ("lessons", "올포레슨", "Lessons"), ("conversations", "채팅", "Chats"), ("study", "새싹스터디", "Study"),
    ]
    static let kinds: [(value: String, ko: String, en: String)] = [
        ("product", "상품", "Products"), ("post", "레슨 글", "Lesson posts"), ("conversation", "대화", "Conversations"), ("profile", "스터디 프로필", "Study profiles"),
    ]

    static func render(_ context: PageContext, title: String, openCount: Int, status: HTTPResponseStatus = .ok, _ body: Node<HTML.BodyContext>) -> Response {
        PageLayout.render(title: title, context: context, status: status, .group(
            .nav(
                .class("console-tabs"), .attribute(named: "aria-label", value: context.pick(ko: "운영 콘솔", en: "Operator console")),
                .a(.id("console-queue"), .href(ConsolePaths.queue.link),
                   .text(context.pick(ko: "신고", en: "Reports") + " "), .span(.id("open-reports"), .class("badge"), .text(String(openCount)))),
                .a(.id("console-audit"), .href(ConsolePaths.audit.link), .text(context.pick(ko: "처리 기록", en: "Audit log"))),
                .a(.id("console-activity"), .href(ConsolePaths.activity.link), .text(context.pick(ko: "한눈에 보기", en: "At a glance")))
            ),
            body
        ))
    }

    static func queue(_ context: PageContext, _ cases: [ReportQueue.Shown], filter: QueueFilter, openCount: Int, done: String?) -> Response {
        render(context, title: context.pick(ko: "신고 목록", en: "Reports"), openCount: openCount, .group(
            .h1(.text(context.pick(ko: "처리를 기다리는 신고", en: "Reports waiting"))),
            .unwrap(done) { notice($0, context) },
            .form(
                .id("queue-filter"), .class("stacked card"), .action(path: ConsolePaths.queue.link), .method(.get),
                FormWidgets.select("app", label: context.pick(ko: "앱", en: "App"), prompt: context.pick(ko: "모든 앱", en: "Every app"),
                                   options: apps.map { ($0.value, context.pick(ko: $0.ko, en: $0.en)) }, selected: filter.app ?? "", error: nil),
                FormWidgets.select("kind", label: context.pick(ko: "종류", en: "Kind"), prompt: context.pick(ko: "모든 종류", en: "Every kind"),
                                   options: kinds.map { ($0.value, context.pick(ko: $0.ko, en: $0.en)) }, selected: filter.kind ?? "", error: nil),
                FormWidgets.select("order", label: context.pick(ko: "순서", en: "Order"), prompt: context.pick(ko: "많이 신고된 순", en: "Most reported"),
                                   options: [(ReportQueue.Order.newest.rawValue, context.pick(ko: "최신순", en: "Newest"))],
                                   selected: filter.order == .newest ? ReportQueue.Order.newest.rawValue : "", error: nil),
                .button(.type(.submit), .class("secondary"), .text(context.pick(ko: "보기", en: "Show")))
            ),
            cases.isEmpty
                ? .p(.id("queue-empty"), .class("hint"), .text(context.pick(ko: "처리를 기다리는 신고가 없어요.", en: "No report is waiting.")))
                : .ul(.id("queue"), .class("console-list"), .forEach(cases) { row($0, context) })
        ))
    }

    private static func row(_ shown: ReportQueue.Shown, _ context: PageContext) -> Node<HTML.ListContext> {
        let reports = shown.reports
        return .li(
            .class("card"), .data(named: "app", value: reports.app), .data(named: "subject", value: reports.subject),
            .a(.class("case-link"), .href(ConsolePaths.reportCase.link((reports.app, reports.subject))),
               .strong(.text(shown.thing.map { context.pick(ko: $0.kindName.ko, en: $0.kindName.en) } ?? reports.app)), .text(" · "),
               .text(shown.thing?.title ?? context.pick(ko: "(지워진 글)", en: "(deleted)"))),
            .p(.class("case-count"), .text(context.pick(ko: "\(reports.count)명 신고", en: "\(reports.count) reports")), .text(" · "),
               .text(reasons(reports, context)), .text(" · "), context.posted(SeoulTime.wire(reports.latest))),
            .if(shown.thing?.hidden == true, .p(.class("hint"), .text(context.pick(ko: "숨김 처리됨", en: "Hidden"))))
        )
    }

    static func reasons(_ reports: ReportDesk.Case, _ context: PageContext) -> String {
        reports.reasons.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }
            .map { "\(ReportPages.reasonName($0.key, context)) \($0.value)" }.joined(separator: ", ")
    }

    static func notice(_ done: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        let text: String? = switch done {
        case "hidden": context.pick(ko: "숨겼어요. 이제 다른 사람에게 보이지 않아요.", en: "Hidden: nobody else sees it now.")
        case "restored": context.pick(ko: "다시 보이게 했어요.", en: "Restored: it is visible again.")
        case "disabled": context.pick(ko: "계정을 정지했어요. 열린 세션과 연결이 모두 끝났어요.", en: "Account disabled: its sessions and connections have ended.")
        case "enabled": context.pick(ko: "계정 정지를 풀었어요.", en: "Account enabled again.")
        case "dismissed": context.pick(ko: "신고를 기각했어요.", en: "Report dismissed.")
        default: nil
        }
        return .unwrap(text) { .p(.id("console-done"), .class("notice"), .attribute(named: "role", value: "status"), .text($0)) }
    }

    static func problem(_ problem: String?, _ context: PageContext) -> Node<HTML.BodyContext> {
        let text: String? = switch problem {
        case "reason-needed": context.pick(ko: "처리 사유를 적어 주세요.", en: "Say why.")
        case "reason-too-long": context.pick(ko: "사유는 \(AuditLog.reasonLength)자 이하로 적어 주세요.", en: "Use at most \(AuditLog.reasonLength) characters.")
        case "own-account": context.pick(ko: "내 계정은 여기서 정지할 수 없어요. 다른 운영자나 명령줄에서 할 수 있어요.",
                                         en: "You cannot disable your own account here: another operator or the command line can.")
        default: nil
        }
        return .unwrap(text) { .p(.id("console-problem"), .class("field-error"), .attribute(named: "role", value: "alert"), .text($0)) }
    }

    /// The reason every action asks for, and whom it tells.
    static func reasonFields(_ prefix: String, _ context: PageContext, tellOwner: Bool) -> Node<HTML.FormContext> {
        .group(
            .div(.class("field"),
                 .label(.for(field: "\(prefix)-reason"), .text(context.pick(ko: "사유 (처리 기록에 남아요)", en: "Reason (kept in the audit log)"))),
                 .textarea(.id("\(prefix)-reason"), .name("reason"), .required(true), .attribute(named: "maxlength", value: String(AuditLog.reasonLength)),
                           .attribute(named: "rows", value: "2"))),
            .label(.class("choice"), .input(.type(.checkbox), .name("tell_reporters"), .value("1"), .checked(true)),
                   .text(" " + context.pick(ko: "신고한 사람에게 알리기", en: "Tell the reporters"))),
            .if(tellOwner, .label(.class("choice"), .input(.type(.checkbox), .name("tell_owner"), .value("1"), .checked(true)),
                                  .text(" " + context.pick(ko: "작성자에게 알리기", en: "Tell the owner"))))
        )
    }
}
