import Foundation
import Platform
import PlatformCore
import Plot
import Vapor

/// `/admin/audit`: every action, newest first, filtered by what was done.
enum ConsoleAuditViews {
    static func page(_ context: PageContext, _ entries: [AuditLog.Entry], action: AuditLog.Action?, openCount: Int) -> Response {
        ConsoleViews.render(context, title: context.pick(ko: "처리 기록", en: "Audit log"), openCount: openCount, .group(
            .h1(.text(context.pick(ko: "처리 기록", en: "Audit log"))),
            .form(
                .id("audit-filter"), .class("stacked card"), .action(path: ConsolePaths.audit.link), .method(.get),
                FormWidgets.select("action", label: context.pick(ko: "처리", en: "Action"), prompt: context.pick(ko: "모든 처리", en: "Every action"),
                                   options: AuditLog.Action.allCases.map { ($0.rawValue, actionName($0, context)) }, selected: action?.rawValue ?? "", error: nil),
                .button(.type(.submit), .class("secondary"), .text(context.pick(ko: "보기", en: "Show")))
            ),
            entries.isEmpty
                ? .p(.id("audit-empty"), .class("hint"), .text(context.pick(ko: "기록이 없어요.", en: "Nothing yet.")))
                : .ol(.id("audit"), .class("console-list"), .forEach(entries) { entry in
                    .li(
                        .class("card"), .data(named: "action", value: entry.action.rawValue),
                        .p(context.posted(SeoulTime.wire(entry.at)), .text(" · " + entry.operatorName)),
                        .p(.strong(.text(actionName(entry.action, context))), .text(" · \(entry.item.app) \(entry.item.kind) \(entry.item.id)")),
                        .p(.class("audit-reason"), .text(entry.reason))
                    )
                })
        ))
    }

    static func actionName(_ action: AuditLog.Action, _ context: PageContext) -> String {
        switch action {
        case .hide: context.pick(ko: "숨김", en: "Hid")
        case .restore: context.pick(ko: "복구", en: "Restored")
        case .disable: context.pick(ko: "계정 정지", en: "Disabled account")
        case .enable: context.pick(ko: "정지 해제", en: "Enabled account")
        case .dismiss: context.pick(ko: "신고 기각", en: "Dismissed")
        case .grantAdmin: context.pick(ko: "운영자 지정", en: "Granted admin")
        case .revokeAdmin: context.pick(ko: "운영자 해제", en: "Revoked admin")
        }
    }
}
